import path from 'node:path';
import { z } from 'zod';

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  STORE_NAME: z.string().min(1).default('Habi'),
  DATA_DIR: z.string().default('data'),
  /** Set by npm to where it was run: relative paths are taken from there, not the workspace. */
  INIT_CWD: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  /** Forces the Secure flag on session cookies on or off; by default it follows the request's protocol. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Trust X-Forwarded-* headers (behind a reverse proxy that sets them). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  allowedOrigins: string[];
  admin: { username?: string; password?: string; email?: string };
  cookieSecure: boolean | undefined;
  trustProxy: boolean;
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
}

/** Parses the environment once at start; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
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
    allowedOrigins: e.ALLOWED_ORIGINS,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, email: e.ADMIN_EMAIL },
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
  };
}
