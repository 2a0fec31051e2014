import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const message = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('loadConfig', () => {
  it('gives the defaults for an empty environment', () => {
    const config = loadConfig({ INIT_CWD: '/srv/habi' });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/habi/data',
      uploadsDir: '/srv/habi/data/uploads',
      databaseUrl: undefined,
      databasePoolSize: 10,
      shutdownTimeoutMs: 10_000,
      trustProxy: false,
      seedDemo: true,
      admin: { username: undefined, password: undefined, email: undefined },
    });
  });

  it('treats a variable set to nothing as not set', () => {
    const config = loadConfig({ ADMIN_PASSWORD: '', PORT: '', DATABASE_URL: '' });
    expect(config.admin.password).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('checks the first admin with the back office rules before anything starts', () => {
    expect(message({ ADMIN_USERNAME: 'abc' })).toBe('Invalid configuration: ADMIN_USERNAME: Too short!');
    expect(message({ ADMIN_PASSWORD: 'short' })).toBe(
      'Invalid configuration: ADMIN_PASSWORD: Passwords must be at least 6 characters long',
    );
    expect(message({ ADMIN_EMAIL: 'not-an-email' })).toBe(
      'Invalid configuration: ADMIN_EMAIL: Invalid email address',
    );
  });

  it('names every bad value on one line', () => {
    expect(message({ PORT: '70000', DATABASE_URL: 'mysql://db/shop', SHUTDOWN_TIMEOUT: '-1' })).toBe(
      'Invalid configuration: PORT: Too big: expected number to be <=65535; ' +
        'DATABASE_URL: must be a postgres:// URL; SHUTDOWN_TIMEOUT: Too small: expected number to be >=0',
    );
  });

  it('reads seconds and pool sizes', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://habi:secret@db.internal:5432/habi',
      DATABASE_POOL_SIZE: '25',
      SHUTDOWN_TIMEOUT: '2.5',
    });
    expect(config.databaseUrl).toBe('postgresql://habi:secret@db.internal:5432/habi');
    expect(config.databasePoolSize).toBe(25);
    expect(config.shutdownTimeoutMs).toBe(2_500);
  });
});
