import { PASSWORD_MESSAGES } from '@habi/shared';
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
    expect(message({ ADMIN_PASSWORD: 'Sunshine' })).toBe(
      `Invalid configuration: ADMIN_PASSWORD: ${PASSWORD_MESSAGES.common}`,
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

  it('refuses TRUST_PROXY=true, saying what to write instead', () => {
    expect(message({ TRUST_PROXY: 'true' })).toBe(
      'Invalid configuration: TRUST_PROXY: "true" would let any client choose its own address; write the ' +
        'number of proxies in front of the server (TRUST_PROXY=1 for one nginx) or their addresses/CIDRs ' +
        '(TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    );
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,', 'fd00::/129', '-1'])(
    'refuses TRUST_PROXY=%s',
    (value) => {
      expect(message({ TRUST_PROXY: value })).toMatch(
        new RegExp(
          `^Invalid configuration: TRUST_PROXY: "${value}" is not a proxy count or address list; write `,
        ),
      );
    },
  );

  it('trusts no proxy unless told', () => {
    for (const env of [{}, { TRUST_PROXY: 'false' }, { TRUST_PROXY: '0' }]) {
      expect(loadConfig(env).trustProxy).toBe(false);
    }
  });

  it('takes TRUST_PROXY as a hop count: the socket peer and the entries the nearer proxies appended', () => {
    const one = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([one('127.0.0.1', 0), one('203.0.113.7', 1)]).toEqual([true, false]);
    const two = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean;
    expect([two('10.0.0.5', 0), two('10.0.0.6', 1), two('203.0.113.7', 2)]).toEqual([true, true, false]);
  });

  it('takes TRUST_PROXY as proxy addresses and CIDRs, comma separated', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
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

  it('writes mail to DATA_DIR/mail without SMTP_URL, and never echoes a refused SMTP_URL', () => {
    expect(loadConfig({ INIT_CWD: '/srv/habi' }).mail).toEqual({
      smtpUrl: undefined,
      from: 'no-reply@localhost',
      dir: '/srv/habi/data/mail',
      pollMs: 5_000,
    });
    const smtp = loadConfig({
      SMTP_URL: 'smtps://shop:secret@mail.example.com:465',
      MAIL_FROM: 'orders@habi.example',
      MAIL_POLL_INTERVAL: '0.5',
    }).mail;
    expect(smtp).toMatchObject({
      smtpUrl: 'smtps://shop:secret@mail.example.com:465',
      from: 'orders@habi.example',
      pollMs: 500,
    });
    expect(message({ SMTP_URL: 'https://shop:secret@mail.example.com', MAIL_FROM: 'orders' })).toBe(
      'Invalid configuration: SMTP_URL: must be an smtp:// or smtps:// URL; MAIL_FROM: Invalid email address',
    );
  });

  it('links mail to PUBLIC_URL without its trailing slash, or to localhost on the port', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://Shop.Example.com/' }).publicUrl).toBe(
      'https://shop.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/shop/' }).publicUrl).toBe(
      'https://example.com/shop',
    );
    expect(message({ PUBLIC_URL: 'javascript:alert(1)' })).toBe(
      'Invalid configuration: PUBLIC_URL: must be an http:// or https:// URL',
    );
  });

  it('offers PayMongo with both of its secrets, never echoing a refused one', () => {
    expect(loadConfig({}).paymongo).toBeUndefined();
    expect(
      loadConfig({ PAYMONGO_SECRET_KEY: 'sk_live_abc123', PAYMONGO_WEBHOOK_SECRET: 'whsk_abc12345' })
        .paymongo,
    ).toEqual({
      apiUrl: 'https://api.paymongo.com',
      secretKey: 'sk_live_abc123',
      webhookSecret: 'whsk_abc12345',
    });
    expect(
      loadConfig({
        PAYMONGO_SECRET_KEY: 'sk_test_abc123',
        PAYMONGO_WEBHOOK_SECRET: 'whsk_abc12345',
        PAYMONGO_API_URL: 'http://127.0.0.1:9999/',
      }).paymongo?.apiUrl,
    ).toBe('http://127.0.0.1:9999');
    expect(message({ PAYMONGO_SECRET_KEY: 'sk_test_abc123' })).toContain(
      'PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are set together',
    );
    const refused = message({
      PAYMONGO_SECRET_KEY: 'pk_test_public999',
      PAYMONGO_WEBHOOK_SECRET: 'whsk_abc12345',
    });
    expect(refused).toBe(
      'Invalid configuration: PAYMONGO_SECRET_KEY: must be a PayMongo secret key (sk_test_… or sk_live_…)',
    );
    expect(refused).not.toContain('pk_test_public999');
  });
});
