import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SIZE_PRESETS } from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject as injectContext } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { createAdmin } from '../modules/admins/admins.service.ts';
import { createProduct, type NewProduct } from '../modules/products/products.service.ts';

export const ORIGIN = 'http://localhost:80';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Sends a request as a same-origin browser would (with Origin), plus any cookie given. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const TABLES = [
  'idempotency_keys',
  'order_items',
  'orders',
  'sessions',
  'sign_in_throttle',
  'products',
  'admins',
  'customers',
];

/** A fresh app on a fresh database: PGlite from the migrated template, or a truncated PostgreSQL. */
export async function buildTestApp(): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'habi-data-'));
  const databaseUrl = process.env.DATABASE_URL;
  let database: Database;
  if (databaseUrl) {
    database = await openDatabase({ databaseUrl });
    await database.db.execute(sql.raw(`truncate ${TABLES.join(', ')} cascade`));
  } else {
    const template = await readFile(injectContext('pgliteTemplate'));
    database = await openDatabase({ pgliteDump: new Blob([template]) });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    request: ({ cookie, headers, ...options }) =>
      app.inject({
        ...options,
        headers: { host: 'localhost:80', origin: ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      }),
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie, ready to send back. */
export function cookieOf(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

let counter = 0;
export function newCustomer(
  overrides: Partial<{ name: string; email: string; contactNumber: string; password: string }> = {},
) {
  counter += 1;
  return {
    name: `Shopper ${counter}`,
    email: `shopper${counter}-${Date.now()}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
    ...overrides,
  };
}

export interface SignedIn {
  id: string;
  cookie: string;
  name: string;
  email: string;
}

export async function signUpCustomer(t: TestApp, overrides = {}): Promise<SignedIn> {
  const body = newCustomer(overrides);
  const response = await t.request({ method: 'POST', url: '/api/users/sign-up', payload: body });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const cookie = cookieOf(response);
  const current = await t.request({ method: 'GET', url: '/api/users/current', cookie });
  return { id: current.json()._id, cookie, name: body.name, email: body.email };
}

export const ADMIN = { username: 'admin', email: 'admin@example.com', password: 'admin-secret' };

export async function signInAdmin(t: TestApp, account = ADMIN): Promise<SignedIn> {
  const existing = await t.database.db.execute(
    sql`select id from admins where username = ${account.username}`,
  );
  if ((existing as unknown as { rows: unknown[] }).rows.length === 0)
    await createAdmin(t.database.db, account);
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/sign-in',
    payload: { username: account.username, password: account.password },
  });
  if (response.statusCode !== 200) throw new Error(`admin sign-in failed: ${response.body}`);
  const cookie = cookieOf(response);
  const me = await t.request({ method: 'GET', url: '/api/admin', cookie });
  return { id: me.json()._id, cookie, name: account.username, email: account.email };
}

let productCounter = 0;
/** Inserts a product directly (no images needed); returns its row. */
export function insertProduct(t: TestApp, overrides: Partial<NewProduct> = {}) {
  productCounter += 1;
  return createProduct(t.database.db, {
    name: `Test Tee ${productCounter} Navy`,
    description: 'A soft cotton tee.',
    price: '699.00',
    imageUrl: '/uploads/test-800.webp',
    category: 'Men',
    subCategory: 'Tops',
    sizes: [...SIZE_PRESETS.Clothes],
    variations: [
      { name: `Test Tee ${productCounter} Navy`, imageUrl: '/uploads/navy-800.webp' },
      { name: `Test Tee ${productCounter} Olive`, imageUrl: '/uploads/olive-800.webp' },
    ],
    ...overrides,
  });
}

/** Counts the rows of a table, to prove a refused request changed nothing. */
export async function countRows(t: TestApp, table: string): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}
