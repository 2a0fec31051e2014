import { isIP } from 'node:net';
import path from 'node:path';
import { AdminAccountSchema, EmailSchema, PASSWORD_MESSAGES } from '@habi/shared';
import { z } from 'zod';
import { isCommonPassword } from './lib/common-passwords.ts';

const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true');
const admin = AdminAccountSchema.shape;

const isAddressOrCidr = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * The reverse proxies whose `X-Forwarded-*` the server believes, as Fastify takes them: none, a
 * list of addresses, or a hop count. Fastify refuses a bare number, so a count becomes a function
 * trusting the socket's peer and the entries the nearer proxies appended, counted from the right.
 * Trusting all is refused: the client writes the left-most X-Forwarded-For entry itself, so it
 * could pick the address sign-in throttling counts it under.
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((text, ctx) => {
    const value = text.trim();
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return (_address: string, hop: number) => hop < hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isAddressOrCidr)) return entries;
    const instead =
      'the number of proxies in front of the server (TRUST_PROXY=1 for one nginx) ' +
      'or their addresses/CIDRs (TRUST_PROXY=10.0.0.5,10.1.0.0/16)';
    ctx.addIssue(
      value === 'true'
        ? `"true" would let any client choose its own address; write ${instead}`
        : `"${value}" is not a proxy count or address list; write ${instead}`,
    );
    return z.NEVER;
  });

const ConfigSchema = z.object({
  /**
   * No code of ours reads it: React (the mail templates, the server-rendered pages) and the
   * packages bundled with the pages run their production builds only under `production`.
   * Checked here so a misspelt value stops the start instead of quietly running their
   * development builds.
   */
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
  ADMIN_PASSWORD: admin.password
    .pipe(z.string().refine((password) => !isCommonPassword(password), PASSWORD_MESSAGES.common))
    .optional(),
  ADMIN_EMAIL: admin.email.optional(),
  /** Forces the Secure flag on session cookies on or off; by default it follows the request's protocol. */
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  SEED_DEMO: flag('true'),
  /** The reverse proxies in front: how many (`1`), or their addresses; unset means none. */
  TRUST_PROXY: trustProxy,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where images live: `fs` (DATA_DIR/uploads) or `postgres`; by default the database's own kind. */
  STORAGE: z.enum(['fs', 'postgres']).optional(),
  /** Memory each instance may spend keeping hot images, in MB. */
  IMAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  /** Seconds a request's headers and body may take to arrive; a slower client gets 408. */
  REQUEST_TIMEOUT: z.coerce.number().min(1).max(3600).default(30),
  /** How long in-flight requests may run on after SIGTERM before they are cut off. */
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).max(600).default(10),
  /** Where the built web app lives; served when present. */
  WEB_DIST: z.string().optional(),
  /** The SMTP server mail goes through (`smtps://user:pass@host:465`); without it mail is written to DATA_DIR/mail. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** The address mail comes from; the store's name is its display name. */
  MAIL_FROM: EmailSchema.optional(),
  /**
   * The address shoppers reach the store at (`https://shop.example.com`), for the links in mail;
   * by default `http://localhost:PORT`. Never taken from a request's Host, which its sender writes.
   */
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Seconds between the mail worker's looks for mail to send. */
  MAIL_POLL_INTERVAL: z.coerce.number().min(0.05).max(3600).default(5),
  /**
   * PayMongo's secret API key and its webhook's signing secret: online payment is offered with
   * both. Never echoed: a refused value is named, not shown.
   */
  PAYMONGO_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_\S+$/, { error: 'must be a PayMongo secret key (sk_test_… or sk_live_…)' })
    .optional(),
  PAYMONGO_WEBHOOK_SECRET: z
    .string()
    .regex(/^\S{8,}$/, { error: 'must be the webhook’s signing secret (whsk_…)' })
    .optional(),
  /** The port `/metrics` (Prometheus) is served on, apart from the store's; unset, not served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address the metrics port listens on: this machine only unless told. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** PayMongo's API; tests point it at a stand-in. */
  PAYMONGO_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.paymongo.com'),
});

/** Every environment variable the server reads; README's "Configuration" lists each (config-docs.test.ts). */
export const CONFIG_VARIABLES = Object.keys(ConfigSchema.shape);

export interface Config {
  port: number;
  /** Where `/metrics` is served; undefined, nowhere. */
  metrics?: { port: number; host: string };
  host: string;
  storeName: string;
  /** Where shoppers reach the store, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  allowedOrigins: string[];
  admin: { username?: string; password?: string; email?: string };
  cookieSecure: boolean | undefined;
  trustProxy: z.infer<typeof trustProxy>;
  seedDemo: boolean;
  logLevel: string;
  storage: 'fs' | 'postgres' | undefined;
  imageCacheBytes: number;
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  webDist: string;
  mail: { smtpUrl: string | undefined; from: string; dir: string; pollMs: number };
  /** PayMongo, when both of its secrets are set; else online payment is never offered. */
  paymongo: PayMongoConfig | undefined;
}

export interface PayMongoConfig {
  /** Without a trailing slash. */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
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
  if ((e.PAYMONGO_SECRET_KEY === undefined) !== (e.PAYMONGO_WEBHOOK_SECRET === undefined)) {
    throw new ConfigError(
      'Invalid configuration: PAYMONGO_SECRET_KEY and PAYMONGO_WEBHOOK_SECRET are set together (or neither, without online payment)',
    );
  }
  const dataDir = path.resolve(e.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    storeName: e.STORE_NAME,
    publicUrl: new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).href.replace(/\/+$/, ''),
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
    storage: e.STORAGE,
    imageCacheBytes: e.IMAGE_CACHE_MB * 1024 * 1024,
    requestTimeoutMs: e.REQUEST_TIMEOUT * 1000,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT * 1000,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? 'no-reply@localhost',
      dir: path.join(dataDir, 'mail'),
      pollMs: e.MAIL_POLL_INTERVAL * 1000,
    },
    paymongo:
      e.PAYMONGO_SECRET_KEY && e.PAYMONGO_WEBHOOK_SECRET
        ? {
            apiUrl: e.PAYMONGO_API_URL.replace(/\/+$/, ''),
            secretKey: e.PAYMONGO_SECRET_KEY,
            webhookSecret: e.PAYMONGO_WEBHOOK_SECRET,
          }
        : undefined,
  };
}
