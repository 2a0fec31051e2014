import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  IDEMPOTENCY_KEY_HEADER,
  SIZE_PRESETS,
  type StaffRole,
  summarizeOrder,
  toDecimal,
} from '@habi/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, inject as injectContext, onTestFinished, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { newToken, tokenDigest } from '../lib/tokens.ts';
import { createAdmin } from '../modules/admins/admins.service.ts';
import { clock } from '../modules/auth/throttle.ts';
import { createProduct, type NewProduct } from '../modules/products/products.service.ts';

export const ORIGIN = 'http://localhost:80';
/** The shipping address a test order goes to unless told otherwise. */
export const ORDER_ADDRESS = '12 Mabini St, Ermita, Manila 1000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Sends a request as a same-origin browser would (with Origin), plus any cookie given. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

const TABLES = [
  // A setting a test changes (the fuzz sets the return window) goes back to its default.
  'return_settings',
  'transfer_accounts',
  'subscribers',
  'discount_redemptions',
  'discount_codes',
  'idempotency_keys',
  'order_items',
  'orders',
  'outbox',
  'sessions',
  'sign_in_throttle',
  'sign_in_waiters',
  'audit_log',
  'sign_up_throttle',
  'known_devices',
  'images',
  'product_stock',
  'size_charts',
  'products',
  'admins',
  'customers',
];

/** The configuration of a test app: quiet, no demo seed, no web app, `env` on top. */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
}

/**
 * A fresh app on a fresh database: PGlite from the migrated template, or a truncated PostgreSQL;
 * `env` sets configuration variables.
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'habi-data-'));
  const databaseUrl = process.env.DATABASE_URL;
  let database: Database;
  if (databaseUrl) {
    database = await openDatabase({ databaseUrl });
    await database.db.execute(sql.raw(`truncate ${TABLES.join(', ')} cascade`));
    // The one row of the payment settings, as its migration made it (a test turns methods on).
    await database.db.execute(sql`delete from payment_settings`);
    await database.db.execute(sql`insert into payment_settings default values`);
  } else {
    const template = await readFile(injectContext('pgliteTemplate'));
    database = await openDatabase({ pgliteDump: new Blob([template]) });
  }
  const app = await buildApp(testConfig(dataDir, env), database);
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

/** A fresh app (and database) for the describe block it is called in, as `holder.t`. */
export function useTestApp(): { t: TestApp } {
  const holder = {} as { t: TestApp };
  beforeAll(async () => {
    holder.t = await buildTestApp();
  });
  afterAll(() => holder.t.close());
  return holder;
}

/** Stops throttling's clock for the rest of the test, at `start`; `advance` moves it on. */
export function freezeThrottleClock(start = Date.now()) {
  let now = start;
  const spy = vi.spyOn(clock, 'now').mockImplementation(() => now);
  onTestFinished(() => spy.mockRestore());
  return {
    advance(ms: number) {
      now += ms;
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

/**
 * A new customer, signed in. Unless `verified: false`, they have followed the link mailed to
 * verify their address, as most shoppers do, and that mail is gone from the outbox, so a test
 * counting mail starts from none.
 */
export async function signUpCustomer(
  t: TestApp,
  overrides = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<SignedIn> {
  const body = newCustomer(overrides);
  // Each from an address of its own, so sign-up throttling never counts test shoppers together.
  const response = await t.request({
    method: 'POST',
    url: '/api/users/sign-up',
    payload: body,
    remoteAddress: `10.250.${Math.floor(counter / 250)}.${(counter % 250) + 1}`,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.body}`);
  const cookie = cookieOf(response);
  const current = await t.request({ method: 'GET', url: '/api/users/current', cookie });
  if (verified) await followVerificationMail(t, body.email.toLowerCase());
  return { id: current.json()._id, cookie, name: body.name, email: body.email };
}

/** Follows the newest link mailed to verify an address, and takes the mail out of the outbox. */
export async function followVerificationMail(t: TestApp, email: string) {
  const [mail] = await queryRows<{ id: string; text: string }>(
    t,
    sql`select id, text from outbox where recipient = ${email} and kind in ('email-verify', 'email-change')
        order by created_at desc limit 1`,
  );
  const token = /verify-email\?token=([\w-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no verification link mailed to ${email}`);
  const followed = await t.request({ method: 'POST', url: '/api/users/verify-email', payload: { token } });
  if (followed.statusCode !== 200) throw new Error(`verification failed: ${followed.body}`);
  await t.database.db.execute(sql`delete from outbox where id = ${mail!.id}`);
  return followed.json() as { message: string; email: string };
}

/** A working link to verify a customer's address, as if mailed to them: its token. */
export async function verificationLinkFor(
  t: TestApp,
  customer: { id: string; email: string },
): Promise<string> {
  const token = newToken();
  const hash = tokenDigest(token);
  await t.database.db.execute(sql`insert into email_verifications (token_hash, customer_id, purpose, email, expires_at)
    values (${hash}, ${customer.id}, 'verify', ${customer.email.toLowerCase()}, now() + interval '1 day')`);
  return token;
}

/** A working link to set a new password for a customer, as if mailed to them: its token. */
export async function resetLinkFor(t: TestApp, customer: { id: string; email: string }): Promise<string> {
  const token = newToken();
  const hash = tokenDigest(token);
  await t.database.db.execute(sql`insert into password_resets (token_hash, customer_id, email, expires_at)
    values (${hash}, ${customer.id}, ${customer.email.toLowerCase()}, now() + interval '30 minutes')`);
  return token;
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
  // The session alone: the known-device cookie matters only to the throttling tests.
  const session = response.cookies.find((c) => c.name === 'admin_sid')!;
  const cookie = `admin_sid=${session.value}`;
  const me = await t.request({ method: 'GET', url: '/api/admin', cookie });
  return { id: me.json()._id, cookie, name: account.username, email: account.email };
}

/** The password every staff member made by `signInStaff` has. */
export const STAFF_PASSWORD = 'staff-secret';

/** A new staff member with this role (the owner's is `signInAdmin`'s), signed in. */
export async function signInStaff(t: TestApp, role: StaffRole): Promise<SignedIn> {
  const username = `${role}-${randomUUID().slice(0, 8)}`;
  const account = { username, email: `${username}@example.com`, password: STAFF_PASSWORD };
  const row = await createAdmin(t.database.db, account);
  await t.database.db.execute(sql`update admins set role = ${role} where id = ${row.id}`);
  return signInAdmin(t, account);
}

/** A link inviting someone to the back office with this role, as the owner's invite mails it. */
export async function staffInviteLinkFor(t: TestApp, role: StaffRole = 'fulfilment', email?: string) {
  const token = newToken();
  const address = email ?? `invitee-${randomUUID()}@example.com`;
  await t.database.db.execute(sql`insert into staff_invites (token_hash, email, name, role, expires_at)
    values (${tokenDigest(token)}, ${address}, 'Invited Person', ${role}, now() + interval '7 days')`);
  return token;
}

export type ProductRow = Awaited<ReturnType<typeof insertProduct>>;

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

/**
 * The back office's edit of a product's name and price, the rest as `insertProduct` makes it;
 * expects it to succeed.
 */
export async function editProductOk(t: TestApp, admin: SignedIn, id: string, name: string, price: string) {
  const response = await t.request({
    method: 'PATCH',
    url: `/api/product/edit/${id}`,
    cookie: admin.cookie,
    payload: {
      updatedName: name,
      updatedDescription: 'A soft cotton tee.',
      updatedPrice: price,
      updatedCategory: 'Men',
      updatedSubcategory: 'Tops',
      updatedSizes: [...SIZE_PRESETS.Clothes],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The back office's delete of a product; expects it to succeed. */
export async function deleteProductOk(t: TestApp, admin: SignedIn, id: string) {
  const response = await t.request({
    method: 'DELETE',
    url: `/api/product/delete/${id}`,
    cookie: admin.cookie,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const TEE_COLOURS = ['Navy', 'Olive'];

/**
 * A tee tracking stock, in Navy and Olive, sizes S to 2XL: the quantities given by colour and
 * size (`{ 'Olive M': 3 }`), none of the others.
 */
export function insertTrackedTee(
  t: TestApp,
  quantities: Record<string, number>,
  overrides: Partial<NewProduct> = {},
) {
  productCounter += 1;
  const name = `Stock Tee ${productCounter}`;
  return insertProduct(t, {
    name: `${name} Navy`,
    variations: TEE_COLOURS.map((colour) => ({
      name: `${name} ${colour}`,
      imageUrl: `/uploads/${colour.toLowerCase()}-800.webp`,
    })),
    stock: Object.entries(quantities).map(([key, quantity]) => {
      const [colour, size] = key.split(' ');
      return { variation: `${name} ${colour}`, size: size!, quantity };
    }),
    ...overrides,
  });
}

/** The back office gives `delta` units of a tracked tee's first variation in size S back to stock. */
export async function restockTee(
  t: TestApp,
  admin: SignedIn,
  tee: { id: string; variations: { name: string }[] },
  delta: number,
) {
  const response = await t.request({
    method: 'PATCH',
    url: `/api/product/stock/${tee.id}`,
    cookie: admin.cookie,
    payload: { changes: [{ variation: tee.variations[0]!.name, size: 'S', delta }] },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** Every stock row of a tracked tee, `{ 'Navy S': 0, … }`: the quantities given, none elsewhere. */
export function teeStock(quantities: Record<string, number> = {}): Record<string, number> {
  const all = TEE_COLOURS.flatMap((colour) => SIZE_PRESETS.Clothes.map((size) => `${colour} ${size}`));
  return Object.fromEntries(all.map((key) => [key, quantities[key] ?? 0]));
}

/**
 * A product's stock rows straight from the table, keyed by the variation's last word (its
 * colour) and the size: `{ 'Navy M': 3 }`, or `{ '': 3 }` with neither.
 */
export async function stockRows(t: TestApp, productId: string): Promise<Record<string, number>> {
  const result = await t.database.db.execute(
    sql`select variation, size, quantity from product_stock where product_id = ${productId}`,
  );
  const rows = (result as unknown as { rows: { variation: string; size: string; quantity: number }[] }).rows;
  return Object.fromEntries(
    rows.map((row) => [`${row.variation.split(' ').pop()} ${row.size}`.trim(), row.quantity]),
  );
}

/** Counts the rows of a table, to prove a refused request changed nothing. */
/** The rows a query answers, typed as the test expects them. */
export async function queryRows<T>(t: TestApp, query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function countRows(t: TestApp, table: string): Promise<number> {
  const result = await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** One file of a multipart body: its field, bytes, filename (`<field>.png`) and type (`image/png`). */
export type FilePart = [field: string, bytes: Buffer, filename?: string, type?: string];

/** A multipart body as a browser's FormData sends it (fields as pairs may repeat), ready for `app.inject`. */
export async function multipartBody(
  fields: Record<string, string> | [name: string, value: string][],
  files: FilePart[] = [],
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields))
    form.append(name, value);
  for (const [field, bytes, filename = `${field}.png`, type = 'image/png'] of files) {
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

/** A plain-colour PNG, 40 by 40 pixels unless a side (or width and height) is given. */
export function testPng(background = '#336699', size: number | { width: number; height: number } = 40) {
  const { width, height } = typeof size === 'number' ? { width: size, height: size } : size;
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** A cart line as the storefront sends it. */
export interface CartLine {
  id: string;
  name: string;
  imageUrl: string;
  price: string;
  size: string;
  quantity: number;
  deliveryOption: { fee: number; date?: string };
}

/** An order as the API answers it. */
export interface OrderJson {
  _id: string;
  orderId: string;
  status: string;
  user: string;
  userId: string | null;
  products: {
    _id: string;
    productId: string | null;
    name: string;
    imageUrl: string;
    quantity: number;
    productStatus: string;
    price: string;
    size: string;
    deliveryOption: { date: string; fee: number };
  }[];
  shippingAddress: string;
  paymentMethod: string;
  subtotal: string;
  shippingFee: string;
  tax: string;
  totalFee: string;
  total: string;
  createdAt: string;
}

/** A fresh Idempotency-Key for one checkout. */
export const newOrderKey = () => `checkout-${randomUUID()}`;

/** A cart line for a product as the storefront builds it: first variation, first size, one, FREE. */
export function orderLineFor(product: ProductRow, overrides: Partial<CartLine> = {}): CartLine {
  const variation = product.variations[0];
  return {
    id: product.id,
    name: variation?.name ?? product.name,
    imageUrl: variation?.imageUrl ?? product.imageUrl,
    price: product.price,
    size: product.sizes[0] ?? '',
    quantity: 1,
    deliveryOption: { fee: 0 },
    ...overrides,
  };
}

/**
 * The total a storefront would send for the cart, by the shared arithmetic it uses. For building
 * request bodies only: a test's expected amounts are written out, so a wrong sum cannot pass.
 */
function orderTotalOf(cart: CartLine[]): string {
  const summary = summarizeOrder(
    cart.map((l) => ({ price: l.price, quantity: l.quantity, fee: l.deliveryOption.fee })),
  );
  return toDecimal(summary.total);
}

/** A valid checkout body for the customer's cart at its right total, any field overridden. */
export function orderBodyFor(
  customer: Pick<SignedIn, 'id'>,
  cart: CartLine[],
  overrides: Record<string, unknown> = {},
) {
  return { userId: customer.id, total: orderTotalOf(cart), address: ORDER_ADDRESS, cart, ...overrides };
}

/** POSTs a checkout as the customer, under a fresh Idempotency-Key unless given one (null: none). */
export function placeOrder(
  t: TestApp,
  customer: SignedIn,
  body: unknown,
  key: string | null = newOrderKey(),
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: '/api/orders/placed-order',
    cookie: customer.cookie,
    headers: key === null ? {} : { [IDEMPOTENCY_KEY_HEADER]: key },
    payload: body as Record<string, unknown>,
  });
}

/** Places a cart (or a whole body) that must be accepted (201); returns the stored order. */
export async function placeOrderOk(
  t: TestApp,
  customer: SignedIn,
  cartOrBody: CartLine[] | ReturnType<typeof orderBodyFor>,
  key: string = newOrderKey(),
): Promise<OrderJson> {
  const body = Array.isArray(cartOrBody) ? orderBodyFor(customer, cartOrBody) : cartOrBody;
  const response = await placeOrder(t, customer, body, key);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order;
}
