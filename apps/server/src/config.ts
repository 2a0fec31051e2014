import path from 'node:path';
import { AdminAccountSchema } from '@habi/shared';
import { z } from 'zod';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');
const admin = AdminAccountSchema.shape;

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  STORE_NAME: z.string().min(1).default('Habi'),
  DATA_DIR: z.string().default('data'),
  /** Set by npm to where it was run: relative paths are taken from there, not the workspace. */
  INIT_CWD: z.string().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  /** Connections each instance may open to PostgreSQL. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  // Checked here with the rules the back office applies, so a bad value stops the start at
  // once instead of after the database has been prepared.
  ADMIN_USERNAME: admin.username.optional(),
  ADMIN_PASSWORD: admin.password.optional(),
  ADMIN_EMAIL: admin.email.optional(),
  /** Forces the Secure flag on session cookies on or off; by default it follows the request's protocol. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  SEED_DEMO: flag('true'),
  /** Trust X-Forwarded-* headers (behind a reverse proxy that sets them). */
  TRUST_PROXY: flag('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seconds a request's headers and body may take to arrive; a slower client gets 408. */
  REQUEST_TIMEOUT: z.coerce.number().min(1).max(3600).default(30),
  /** How long in-flight requests may run on after SIGTERM before they are cut off. */
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).max(600).default(10),
  /** Where the built web app lives; served when present. */
  WEB_DIST: z.string().optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  storeName: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  allowedOrigins: string[];
  admin: { username?: string; password?: string; email?: string };
  cookieSecure: boolean | undefined;
  trustProxy: boolean;
  seedDemo: boolean;
  logLevel: string;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  webDist: string;
}

/** A configuration value the server cannot start with; its message is one line for the operator. */
export class ConfigError extends Error {}

/** Parses the environment once at start; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (`ADMIN_PASSWORD=`) means the same as one not set.
  const parsed = ConfigSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    storeName: e.STORE_NAME,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    allowedOrigins: e.ALLOWED_ORIGINS,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    requestTimeoutMs: e.REQUEST_TIMEOUT * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
