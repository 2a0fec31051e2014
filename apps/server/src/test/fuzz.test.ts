import { createHash, randomInt } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminProfileSchema,
  ALL_SIZES,
  CATEGORIES,
  CatalogueZipApplyFieldsSchema,
  CatalogueZipCheckFieldsSchema,
  CreateProductFieldsSchema,
  DEFAULT_SIZE_CHARTS,
  ImageOnlyFormSchema,
  ProfileSchema,
  SIZE_CHART_KINDS,
  SIZE_PRESETS,
  StockShortfallSchema,
  SUBCATEGORIES,
} from '@habi/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashPassword } from '../lib/passwords.ts';
import { createAdmin } from '../modules/admins/admins.service.ts';
import {
  createSession,
  findSessionAdmin,
  findSessionCustomer,
  SESSION_COOKIES,
} from '../modules/auth/sessions.ts';
import { updateStock } from '../modules/products/products.service.ts';
import {
  ADMIN,
  buildTestApp,
  type FilePart,
  insertProduct,
  multipartBody,
  newOrderKey,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  resetLinkFor,
  signInAdmin,
  signUpCustomer,
  staffInviteLinkFor,
  testPng,
  verificationLinkFor,
} from './helpers.ts';
import {
  applyEdits,
  asText,
  type Edit,
  encodeText,
  fewOf,
  type Hint,
  hostileText,
  isHeaderSafe,
  type JsonSchema,
  RAW_URL_PARTS,
  Ref,
  rawBody,
  resolveRefs,
  type SchemaArbitraries,
  schemaArbitraries,
} from './openapi-arbitraries.ts';
import { startPayMongo } from './paymongo.ts';
import { makeZip, type ZipEntry } from './zip.ts';

/**
 * A generative fuzz suite over every operation of the OpenAPI document, as an anonymous
 * visitor, a signed-in customer and an admin. Requests are generated from each operation's
 * schemas (path, query, headers, JSON body; multipart forms from the zod schemas their
 * routes parse), mixing valid, near-valid and hostile values with the ids of real rows. The
 * property: never a 5xx; every error is `{ message, errors?, available? }`; a refusal writes nothing (no
 * row of any table but the throttles, which count refusals by design; no uploaded image).
 *
 * FUZZ_SEED replays another seed; FUZZ_RUNS scales the runs per test (CI uses the defaults).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_501);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
/** Runs per operation and caller; multipart operations re-encode images, so they get fewer. */
const RUNS = Math.round(32 * SCALE);
const FORM_RUNS = Math.round(24 * SCALE);
/** Bounds a property's run and shrinking, so one failure cannot hold CI for minutes. */
const TIME_LIMIT_MS = 20_000;

type Caller = 'anonymous' | 'customer' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'customer', 'admin'];
const CUSTOMER_PASSWORD = 'secret123';
/** Operations that end the caller's session: they get a session of their own. */
const ENDS_SESSION = /\/(logout|sign-out)$/;

// ---------------------------------------------------------------------------------------------
// The document

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface OperationDoc {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface Operation {
  method: string;
  /** As the document writes it: `/api/users/{id}`. */
  path: string;
  label: string;
  doc: OperationDoc;
}

// Built when the file is collected: one test per operation and caller needs the document.
// PayMongo (a local stand-in) is configured, so an online order's checkout can succeed too.
const paymongo = await startPayMongo();
const t = await buildTestApp({
  PAYMONGO_SECRET_KEY: 'sk_test_habi0000000000000000',
  PAYMONGO_WEBHOOK_SECRET: 'whsk_habi_fuzz_secret',
  PAYMONGO_API_URL: paymongo.url,
  PUBLIC_URL: 'https://shop.example.com',
});
afterAll(async () => {
  await t.close();
  await paymongo.close();
});
const docResponse = await t.request({ method: 'GET', url: '/api/docs/json' });
const openapi = docResponse.json() as {
  paths: Record<string, Record<string, OperationDoc>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
const operations: Operation[] = Object.entries(openapi.paths)
  .filter(([route]) => route.startsWith('/api/'))
  .flatMap(([route, byMethod]) =>
    Object.entries(byMethod).map(([method, doc]) => ({
      method: method.toUpperCase(),
      path: route,
      label: `${method.toUpperCase()} ${route}`,
      doc,
    })),
  );

// ---------------------------------------------------------------------------------------------
// The world: real rows the requests name, kept alive between runs

interface Account {
  id: string;
  cookie: string;
  email: string;
}
interface World {
  /** `line`: the first line of A's order. */
  a: Account & { address: string; orderId: string; orderKey: string; line?: string };
  b: Account & { orderId: string };
  admin: Account & { username: string };
  admin2: { id: string; username: string };
  product: ProductRow;
  /** A product added through the API, with images re-encoded into the uploads directory. */
  uploadedId: string;
  /** The uploaded product's image file, which a catalogue CSV may give a new product. */
  uploadedImage: string;
  /** The outbox row of A's order confirmation. */
  mailId: string;
  /** A discount code any customer may use on any cart. */
  discount: { id: string; code: string };
  /** The links mailed to a newsletter subscriber: its confirmation and its unsubscribe. */
  newsletter: { email: string; confirm: string; unsubscribe: string };
  /** A working link to set B's password (B's, so a reset ends none of A's sessions). */
  reset: string;
  /** A link to verify B's address: once followed, following it again answers the same. */
  verify: string;
  /** An invite to the back office waiting, and its link's token. */
  invite: { id: string; token: string };
  /** A second session of A's and of the admin's, for signing out of one by its id. */
  sessions: { a: string; admin: string };
  /**
   * A transfer account, and orders of A's: a transfer with its reference waiting, cash on
   * delivery with ₱1.00 collected (more to collect, some to refund), online and unpaid.
   */
  payments: { account: string; transfer: string; cod: string; online: string };
  /** An order of A's with a line still to ship, and a shipment not yet delivered. */
  shipping: { order: string; line: string; shipment: string };
  /**
   * A's delivered line with no request, and A's requests at each step the back office takes
   * them from: an exchange requested, a return approved, an exchange and a return received.
   */
  returns: {
    item: string;
    requested: string;
    approved: string;
    exchange: string;
    refund: string;
    /** A request of A's with one photo, which no run removes. */
    photographed: string;
  };
  cursor: string;
  /** Where the app writes uploaded images; undefined when it keeps them in the database. */
  uploadsDir: string | undefined;
  tables: string[];
}
let w: World;
/**
 * The state after the last refused request, checked then: the next run starts from it, unless
 * something was written since (a success, the fixtures it made again, a session minted).
 */
let settled: Snapshot | undefined;
let emails = 0;
let codes = 0;

/** The session token in a `name=value; …` cookie header (sign-ins may set other cookies too). */
const tokenOf = (cookies: string, kind: keyof typeof SESSION_COOKIES) =>
  cookies
    .split('; ')
    .map((pair) => pair.split('='))
    .find(([name]) => name === SESSION_COOKIES[kind])?.[1] ?? '';
const REFS = {
  'a.id': () => w.a.id,
  'a.email': () => w.a.email,
  'a.address': () => w.a.address,
  'a.order': () => w.a.orderId,
  'a.orderKey': () => w.a.orderKey,
  'a.token': () => tokenOf(w.a.cookie, 'customer'),
  'b.id': () => w.b.id,
  'b.email': () => w.b.email,
  'b.order': () => w.b.orderId,
  'admin.id': () => w.admin.id,
  'admin.username': () => w.admin.username,
  'admin.token': () => tokenOf(w.admin.cookie, 'admin'),
  'admin2.id': () => w.admin2.id,
  'admin2.username': () => w.admin2.username,
  'product.id': () => w.product.id,
  'product.variation': () => w.product.variations[0]?.name ?? w.product.name,
  'product.price': () => w.product.price,
  'uploaded.id': () => w.uploadedId,
  mail: () => w.mailId,
  cursor: () => w.cursor,
  password: () => CUSTOMER_PASSWORD,
  adminPassword: () => ADMIN.password,
  freshEmail: () => `fuzz${++emails}-${Date.now()}@example.com`,
  freshKey: () => newOrderKey(),
  'discount.id': () => w.discount.id,
  'discount.code': () => w.discount.code,
  freshCode: () => `FUZZ${++codes}`,
  'newsletter.confirm': () => w.newsletter.confirm,
  'newsletter.unsubscribe': () => w.newsletter.unsubscribe,
  'reset.token': () => w.reset,
  'verify.token': () => w.verify,
  'invite.id': () => w.invite.id,
  'invite.token': () => w.invite.token,
  'a.session': () => w.sessions.a,
  'admin.session': () => w.sessions.admin,
  'account.id': () => w.payments.account,
  'transfer.order': () => w.payments.transfer,
  'cod.order': () => w.payments.cod,
  'online.order': () => w.payments.online,
  'shipping.order': () => w.shipping.order,
  'shipping.line': () => w.shipping.line,
  'shipment.id': () => w.shipping.shipment,
  'a.line': () => w.a.line ?? '',
  'returns.item': () => w.returns.item,
  'returns.requested': () => w.returns.requested,
  'returns.approved': () => w.returns.approved,
  'returns.exchange': () => w.returns.exchange,
  'returns.refund': () => w.returns.refund,
  'returns.photographed': () => w.returns.photographed,
  // A courier's CSV shipping the fixture's order (its order number as a whole id).
  'shipping.csv': () => `Order No.,Courier,Waybill No.\n${w.shipping.order},J&T Express,760012345678\n`,
  'catalogue.csv': () => catalogueCsv(),
} satisfies Record<string, () => unknown>;
type RefName = keyof typeof REFS;
/** A catalogue file adding a product with the uploaded image, and its dry run's token (its one change). */
const catalogueCsv = () =>
  `Product key,Name,Description,Category,Subcategory,Price,Variation,Size,SKU,Barcode,Stock,Image,Variation image\nnew-1,Canvas Tote,A sturdy canvas tote.,Women,Accessories,350,,,,,5,${w.uploadedImage},\n`;
const CATALOGUE_TOKEN = createHash('sha256')
  .update(
    JSON.stringify([
      { row: 2, product: 'Canvas Tote', field: 'New product', old: '', new: '1 row, 5 in stock' },
    ]),
  )
  .digest('base64url');
/**
 * A catalogue ZIP adding a product with its photo (`photo.png`, when `image` says it is in the
 * ZIP): the CSV the ZIP holds, and the dry run's token for the ZIP whose photo is the PNG made
 * from `ZIP_PHOTO` (its one change).
 */
const ZIP_CSV =
  'Product key,Name,Description,Category,Subcategory,Price,Variation,Size,SKU,Barcode,Stock,Image,Variation image\nzip-1,Zip Tote,A tote from a ZIP.,Women,Accessories,420,,,,,5,photo.png,\n';
const ZIP_PHOTO = { rgb: 0x7a5c3e, width: 20, height: 20 };
const CATALOGUE_ZIP_TOKEN = createHash('sha256')
  .update(
    JSON.stringify([
      {
        row: 2,
        product: 'Zip Tote',
        field: 'New product',
        old: '',
        new: '1 row, 5 in stock, 1 image from the ZIP file',
      },
    ]),
  )
  .digest('base64url');
const r = (name: RefName) => new Ref(name);
const refs = (...names: RefName[]) => fc.constantFrom(...names).map(r);
const lookup = (name: string) => {
  const get = (REFS as Record<string, () => unknown>)[name];
  if (!get) throw new Error(`Unknown ref ${name}`);
  return get();
};
const resolve = (value: unknown) => resolveRefs(value, lookup);

const sqlRows = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

async function newAccount(): Promise<Account> {
  const { id, cookie, email } = await signUpCustomer(t, { password: CUSTOMER_PASSWORD });
  return { id, cookie, email };
}

async function placeFixtureOrder(account: Account): Promise<{ orderId: string; orderKey: string }> {
  const orderKey = newOrderKey();
  const signedIn = { ...account, name: '' };
  const order = await placeOrderOk(t, signedIn, [orderLineFor(w.product)], orderKey);
  return { orderId: order._id, orderKey };
}

async function addFixtureAddress(account: Account): Promise<string> {
  const address = `${randomInt(1, 999)} Mabini St, Ermita, Manila`;
  const response = await t.request({
    method: 'POST',
    url: `/api/users/addAddress/${account.id}`,
    cookie: account.cookie,
    payload: { newAddress: address },
  });
  if (response.statusCode !== 200) throw new Error(`addAddress failed: ${response.body}`);
  return address;
}

/** Transfers on (to the fixture's account), cash on delivery with no limit, online off. */
const PAYMENT_SETTINGS = {
  codEnabled: true,
  codMaxTotal: '',
  transferEnabled: true,
  transferHours: 24,
  onlineEnabled: false,
  onlineMinutes: 60,
};

async function asAdmin(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>, status = 200) {
  const response = await t.request({ method, url, cookie: w.admin.cookie, payload });
  if (response.statusCode !== status) throw new Error(`${method} ${url} failed: ${response.body}`);
  return response.json() as { id: string };
}

const setPaymentSettings = (settings = PAYMENT_SETTINGS) =>
  asAdmin('PUT', '/api/payments/settings', settings);

async function addFixtureAccount(): Promise<string> {
  const account = { kind: 'gcash', accountName: 'Habi Clothing', accountNumber: '0917 123 4567' };
  return (await asAdmin('POST', '/api/payments/accounts', account, 201)).id;
}

/** A sends a transfer's reference for their order, with a screenshot of it. */
async function sendFixtureReference(orderId: string) {
  const response = await t.request({
    method: 'POST',
    url: `/api/payments/orders/${orderId}/transfer-reference`,
    cookie: w.a.cookie,
    payload: { reference: 'FUZZ-REF-1' },
  });
  if (response.statusCode !== 200) throw new Error(`transfer-reference failed: ${response.body}`);
  const proof = await t.request({
    method: 'PUT',
    url: `/api/payments/orders/${orderId}/transfer-proof`,
    cookie: w.a.cookie,
    ...(await multipartBody({}, [['proof', await testPng('#2a6f97', { width: 30, height: 60 })]])),
  });
  if (proof.statusCode !== 200) throw new Error(`transfer-proof failed: ${proof.body}`);
}

/**
 * An order of A's paid by `method`: a transfer with its reference sent, cash on delivery with
 * ₱1.00 collected, online (placed while online payment is on for it) with its checkout page.
 */
async function placePaymentFixture(method: 'transfer' | 'cod' | 'online'): Promise<string> {
  if (method === 'online') await setPaymentSettings({ ...PAYMENT_SETTINGS, onlineEnabled: true });
  const body = orderBodyFor(w.a, [orderLineFor(w.product)], { paymentMethod: method });
  const order = await placeOrderOk(t, { ...w.a, name: '' }, body);
  if (method === 'online') await setPaymentSettings();
  if (method === 'transfer') await sendFixtureReference(order._id);
  if (method === 'cod')
    await asAdmin('POST', `/api/payments/orders/${order._id}/collections`, { amount: '1.00' });
  return order._id;
}

/** A fresh order of A's and its line, to ship. */
async function placeShippingFixture(): Promise<{ order: string; line: string }> {
  const order = await placeOrderOk(t, { ...w.a, name: '' }, [orderLineFor(w.product)]);
  return { order: order._id, line: order.products[0]!._id };
}

/** A fresh order of A's shipped with J&T; the shipment's id. */
async function shipFixture(): Promise<string> {
  const { order, line } = await placeShippingFixture();
  const body = {
    orderId: order,
    lines: [line],
    courier: 'jnt',
    trackingNumber: '760012345678',
    shippedOn: '2026-11-27',
  };
  const response = await t.request({
    method: 'POST',
    url: '/api/shipments',
    cookie: w.admin.cookie,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`shipment failed: ${response.body}`);
  return response.json().shipment._id;
}

/** The shipping fixtures again once a run shipped the line or delivered the shipment. */
async function repairShipments() {
  const [row] = await sqlRows<{ line: boolean; shipment: boolean }>(sql`select
    exists(select 1 from order_items i where i.id = ${w.shipping.line} and i.status in ('toPay', 'toReceive')
      and not exists(select 1 from shipment_items s where s.order_item_id = i.id)) as line,
    exists(select 1 from shipments where id = ${w.shipping.shipment} and delivered_at is null) as shipment`);
  if (!row!.line) Object.assign(w.shipping, await placeShippingFixture());
  if (!row!.shipment) w.shipping.shipment = await shipFixture();
}

/** A fresh order of A's, shipped and delivered; its line. */
async function deliveredFixtureLine(): Promise<string> {
  const shipment = await shipFixture();
  const response = await t.request({
    method: 'PATCH',
    url: `/api/shipments/${shipment}/delivered`,
    cookie: w.admin.cookie,
  });
  if (response.statusCode !== 200) throw new Error(`delivery failed: ${response.body}`);
  return response.json().shipment.lines[0];
}

/** A's request on a fresh delivered line, taken by the admin through `steps`; its id. */
async function returnFixture(kind: 'return' | 'exchange', steps: ('approve' | 'received')[] = []) {
  const body = {
    itemId: await deliveredFixtureLine(),
    kind,
    reason: 'wrongSize',
    ...(kind === 'exchange' ? { size: 'M' } : {}),
  };
  const response = await t.request({
    method: 'POST',
    url: '/api/returns',
    cookie: w.a.cookie,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`return failed: ${response.body}`);
  const id: string = response.json().request._id;
  for (const step of steps) await asAdmin('POST', `/api/returns/${id}/${step}`, {});
  return id;
}

/** A's request with one photo: the photo's route reads it. */
async function photographedReturn(): Promise<string> {
  const id = await returnFixture('exchange');
  const response = await t.request({
    method: 'PUT',
    url: `/api/returns/${id}/photos`,
    cookie: w.a.cookie,
    ...(await multipartBody({}, [['photo', await testPng('#6f2a97')]])),
  });
  if (response.statusCode !== 200) throw new Error(`photo failed: ${response.body}`);
  return id;
}

/** The returns fixtures again once a run moved one on (or filled its photos). */
async function repairReturns() {
  const [row] = await sqlRows<{
    item: boolean;
    requested: boolean;
    approved: boolean;
    exchange: boolean;
    refund: boolean;
    line: boolean;
  }>(sql`select
    exists(select 1 from order_items i join orders o on o.id = i.order_id
      where i.id = ${w.returns.item} and i.status = 'delivered' and o.customer_id = ${w.a.id}
      -- An exchange needs the product still on sale (a run may have deleted it).
      and exists(select 1 from products p where p.id = i.product_id)
      and not exists(select 1 from return_requests r where r.order_item_id = i.id and r.status not in ('refused', 'cancelled'))) as item,
    exists(select 1 from return_requests where id = ${w.returns.requested} and status = 'requested'
      and cardinality(photos) < 3 and customer_id = ${w.a.id}) as requested,
    exists(select 1 from return_requests where id = ${w.returns.approved} and status = 'approved') as approved,
    exists(select 1 from return_requests where id = ${w.returns.exchange} and status = 'received') as exchange,
    exists(select 1 from return_requests where id = ${w.returns.refund} and status = 'received') as refund,
    exists(select 1 from order_items where id = ${w.a.line ?? null} and order_id = ${w.a.orderId}) as line`);
  if (!row!.item) w.returns.item = await deliveredFixtureLine();
  if (!row!.requested) w.returns.requested = await returnFixture('exchange');
  if (!row!.approved) w.returns.approved = await returnFixture('return', ['approve']);
  if (!row!.exchange) w.returns.exchange = await returnFixture('exchange', ['approve', 'received']);
  if (!row!.refund) w.returns.refund = await returnFixture('return', ['approve', 'received']);
  if (!row!.line) w.a.line = await lineOf(w.a.orderId);
}

async function lineOf(orderId: string): Promise<string> {
  return (
    await sqlRows<{ id: string }>(
      sql`select id from order_items where order_id = ${orderId} order by position limit 1`,
    )
  )[0]!.id;
}

/** A product added through the API, to learn where the app stores uploads (inside its temp DATA_DIR). */
async function uploadFixtureProduct(cookie: string) {
  // A colour and size of its own: files are named by content, and other test files upload PNGs too.
  const size = { width: 41, height: 37 };
  const colour = () => `#${randomInt(0, 0xffffff).toString(16).padStart(6, '0')}`;
  const form = await multipartBody(
    {
      name: 'Fuzz Fixture Tee',
      description: 'A tee the fuzz suite uploads.',
      price: '499.00',
      size: JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }),
      category: JSON.stringify({ label: 'Men', value: 'Men' }),
      subCategory: JSON.stringify({ label: 'Tops', value: 'Tops' }),
      variationsName: JSON.stringify(['Fuzz Fixture Tee Red']),
    },
    [
      ['imageUrl', await testPng(colour(), size)],
      ['varImgUrls', await testPng(colour(), size)],
    ],
  );
  const response = await t.request({ method: 'POST', url: '/api/product/add', cookie, ...form });
  if (response.statusCode !== 201) throw new Error(`product add failed: ${response.body}`);
  const product = response.json().product as { _id: string; imageUrl: string };
  const file = path.basename(product.imageUrl);
  const dirs: string[] = [];
  for (const entry of await readdir(tmpdir())) {
    if (!entry.startsWith('habi-data-')) continue;
    const dir = path.join(tmpdir(), entry, 'uploads');
    if ((await readdir(dir).catch(() => [] as string[])).includes(file)) dirs.push(dir);
  }
  if (dirs.length > 1) throw new Error(`${dirs.length} uploads directories hold ${file}`);
  // No directory holds it when the app keeps images in the database: the tables' digests cover them.
  const served = await t.request({ method: 'GET', url: product.imageUrl });
  if (served.statusCode !== 200) throw new Error(`The uploaded ${product.imageUrl} is not served`);
  return { id: product._id, image: file, uploadsDir: dirs[0] };
}

async function buildWorld(): Promise<World> {
  const admin = await signInAdmin(t);
  const two = await createAdmin(t.database.db, {
    username: 'second-admin',
    email: 'second-admin@example.com',
    password: 'admin-secret-2',
  });
  const uploaded = await uploadFixtureProduct(admin.cookie);
  const product = await insertProduct(t);
  // A cursor the storefront really got, to be replayed and forged.
  const page = await t.request({ method: 'GET', url: '/api/product/all?limit=1' });
  const cursor = String(page.headers['x-next-cursor'] ?? '');
  if (!cursor) throw new Error('No cursor on a one-product page of two products');
  const tables = (
    await sqlRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  )
    .map((row) => row.table_name)
    // Throttles count refusals by design, and the audit log keeps refused admin sign-ins: every
    // other table must stay as it was.
    .filter((name) => !/throttle/.test(name) && name !== 'audit_log')
    .sort();
  w = {
    product,
    uploadedId: uploaded.id,
    uploadedImage: uploaded.image,
    uploadsDir: uploaded.uploadsDir,
    cursor,
    tables,
    admin: { id: admin.id, cookie: admin.cookie, email: admin.email, username: ADMIN.username },
    admin2: { id: two.id, username: two.username },
  } as World;
  const a = await newAccount();
  w.a = { ...a, address: await addFixtureAddress(a), ...(await placeFixtureOrder(a)) };
  w.mailId = (await sqlRows<{ id: string }>(sql`select id from outbox limit 1`))[0]!.id;
  const discount = await t.request({
    method: 'POST',
    url: '/api/admin/discounts',
    cookie: admin.cookie,
    payload: { code: 'FUZZ10', kind: 'percent', value: '10' },
  });
  if (discount.statusCode !== 201) throw new Error(`discount failed: ${discount.body}`);
  w.discount = { id: discount.json().discount._id, code: 'FUZZ10' };
  const b = await newAccount();
  w.b = { ...b, orderId: (await placeFixtureOrder(b)).orderId };
  const email = 'fuzz.news@example.com';
  await t.request({ method: 'POST', url: '/api/newsletter/subscribe', payload: { email } });
  const [mail] = await sqlRows<{ text: string }>(sql`select text from outbox where recipient = ${email}`);
  const token = (page: string) => new RegExp(`${page}\\?token=([\\w-]{43})`).exec(mail!.text)![1]!;
  w.newsletter = { email, confirm: token('confirm'), unsubscribe: token('unsubscribe') };
  w.reset = await resetLinkFor(t, w.b);
  w.verify = await verificationLinkFor(t, w.b);
  w.invite = await inviteFixture();
  w.sessions = {
    a: await secondSession('customer', w.a.id),
    admin: await secondSession('admin', w.admin.id),
  };
  await setPaymentSettings();
  w.payments = {
    account: await addFixtureAccount(),
    transfer: await placePaymentFixture('transfer'),
    cod: await placePaymentFixture('cod'),
    online: await placePaymentFixture('online'),
  };
  w.shipping = { ...(await placeShippingFixture()), shipment: '' };
  w.shipping.shipment = await shipFixture();
  w.a.line = await lineOf(w.a.orderId);
  w.returns = {
    item: await deliveredFixtureLine(),
    requested: await returnFixture('exchange'),
    approved: await returnFixture('return', ['approve']),
    exchange: await returnFixture('exchange', ['approve', 'received']),
    refund: await returnFixture('return', ['approve', 'received']),
    photographed: await photographedReturn(),
  };
  return w;
}

/** After a request that succeeded: makes again whatever it deleted or changed that later runs rely on. */
async function repairWorld(op: Operation) {
  const [row] = await sqlRows<{
    product: boolean;
    tracked: boolean;
    uploaded: boolean;
    a_email: string | null;
    a_address: string | null;
    b_email: string | null;
    a_order: boolean;
    b_order: boolean;
    admin: string | null;
    admin2: string | null;
    mail: boolean;
  }>(sql`select
    exists(select 1 from products where id = ${w.product.id}) as product,
    exists(select 1 from products where id = ${w.product.id} and track_stock) as tracked,
    exists(select 1 from products where id = ${w.uploadedId}) as uploaded,
    (select email from customers where id = ${w.a.id}) as a_email,
    (select shipping_addresses[1] from customers where id = ${w.a.id}) as a_address,
    (select email from customers where id = ${w.b.id}) as b_email,
    exists(select 1 from orders where id = ${w.a.orderId}) as a_order,
    exists(select 1 from orders where id = ${w.b.orderId}) as b_order,
    (select username from admins where id = ${w.admin.id}) as admin,
    (select username from admins where id = ${w.admin2.id}) as admin2,
    exists(select 1 from outbox where id = ${w.mailId}) as mail`);
  const now = row!;
  if (!now.product) w.product = await insertProduct(t);
  // A stock change may have left the product tracked with too little for the orders runs place.
  if (now.tracked) await updateStock(t.database.db, w.product.id, { trackStock: false, changes: [] });
  if (!now.uploaded) w.uploadedId = (await insertProduct(t)).id;
  for (const [account, email, order] of [
    [w.a, now.a_email, now.a_order],
    [w.b, now.b_email, now.b_order],
  ] as const) {
    if (email === null) Object.assign(account, await newAccount());
    else account.email = email;
    if (email === null || !order) Object.assign(account, await placeFixtureOrder(account));
  }
  w.a.address = (now.a_email === null ? null : now.a_address) ?? (await addFixtureAddress(w.a));
  // Erasing A withdraws its order's mail, not sent yet: the mail of its new order stands in.
  if (!now.mail) w.mailId = (await sqlRows<{ id: string }>(sql`select id from outbox limit 1`))[0]!.id;
  // Admins are never deleted; a profile update may rename them.
  w.admin.username = now.admin!;
  w.admin2.username = now.admin2!;
  // An edit may have renamed the code, bound it to an email or closed it: it opens again to all.
  if (op.path.startsWith('/api/admin/discounts')) {
    const [code] = await sqlRows<{ code: string }>(sql`update discount_codes set active = true,
      starts_at = least(starts_at, now()), ends_at = null, min_spend = 0, email = null,
      total_uses = null, per_customer_uses = null where id = ${w.discount.id} returning code`);
    w.discount.code = code!.code;
  }
  // An unsubscribe voids the pending confirmation: the subscriber is asked again, same link.
  if (op.path.startsWith('/api/newsletter')) {
    const hash = createHash('sha256').update(w.newsletter.confirm).digest('hex');
    await t.database.db.execute(sql`update subscribers set status = 'pending',
      confirm_token_hash = ${hash}, confirm_sent_at = now() where email = ${w.newsletter.email}`);
  }
  if (/^\/api\/admin\/(staff|invites)/.test(op.path)) await repairStaff();
  await repairPayments(op);
  await repairShipments();
  await repairReturns();
  if (/password/.test(op.path)) await repairPasswords();
  if (/password|sessions/.test(op.path)) await repairSessions();
  // A forged cookie carrying a shared token (anonymous callers send them) ends that session.
  if (ENDS_SESSION.test(op.path)) {
    if (!(await findSessionCustomer(t.database.db, tokenOf(w.a.cookie, 'customer')))) {
      w.a.cookie = `${SESSION_COOKIES.customer}=${await createSession(t.database.db, 'customer', w.a.id)}`;
    }
    if (!(await findSessionAdmin(t.database.db, tokenOf(w.admin.cookie, 'admin')))) {
      w.admin.cookie = `${SESSION_COOKIES.admin}=${await createSession(t.database.db, 'admin', w.admin.id)}`;
    }
  }
}

/** An invite to the back office, as the owner's mail sends it. */
async function inviteFixture(): Promise<{ id: string; token: string }> {
  const email = `fuzz-invite-${++emails}@example.com`;
  const token = await staffInviteLinkFor(t, 'fulfilment', email);
  const [row] = await sqlRows<{ id: string }>(sql`select id from staff_invites where email = ${email}`);
  return { id: row!.id, token };
}

/**
 * After a Staff page change or an invite followed: both admins owners again and active (a run
 * may have demoted, suspended or removed one, which ends its sessions), and a working invite.
 */
async function repairStaff() {
  await t.database.db.execute(sql`update admins set role = 'owner', suspended_at = null, removed_at = null
    where id in (${w.admin.id}, ${w.admin2.id})`);
  if (!(await findSessionAdmin(t.database.db, tokenOf(w.admin.cookie, 'admin')))) {
    w.admin.cookie = `${SESSION_COOKIES.admin}=${await createSession(t.database.db, 'admin', w.admin.id)}`;
  }
  await repairSessions();
  const hash = createHash('sha256').update(w.invite.token).digest('hex');
  const [live] = await sqlRows(
    sql`select 1 from staff_invites where id = ${w.invite.id} and token_hash = ${hash} and expires_at > now()`,
  );
  if (!live) {
    await t.database.db.execute(sql`delete from staff_invites where id = ${w.invite.id}`);
    w.invite = await inviteFixture();
  }
}

/** A session of the account's besides the one the fuzzer calls with: its id. */
async function secondSession(kind: 'customer' | 'admin', id: string): Promise<string> {
  const token = await createSession(t.database.db, kind, id);
  const hash = createHash('sha256').update(token!).digest('hex');
  return (await sqlRows<{ id: string }>(sql`select id from sessions where token_hash = ${hash}`))[0]!.id;
}

/** After a sign-out of one session or of all others, or a password change: the second sessions again. */
async function repairSessions() {
  const live = await sqlRows<{ id: string }>(
    sql`select id from sessions where id in (${w.sessions.a}, ${w.sessions.admin})`,
  );
  const has = (id: string) => live.some((row) => row.id === id);
  if (!has(w.sessions.a)) w.sessions.a = await secondSession('customer', w.a.id);
  if (!has(w.sessions.admin)) w.sessions.admin = await secondSession('admin', w.admin.id);
}

/**
 * After a password was set or changed: A, B and the admin sign in with theirs again, B (whom a
 * reset signs out everywhere) has a session again, and a used reset link is mailed anew.
 */
async function repairPasswords() {
  const [customerHash, adminHash] = [
    await hashPassword(CUSTOMER_PASSWORD),
    await hashPassword(ADMIN.password),
  ];
  await t.database.db.execute(
    sql`update customers set password_hash = ${customerHash} where id in (${w.a.id}, ${w.b.id})`,
  );
  await t.database.db.execute(sql`update admins set password_hash = ${adminHash} where id = ${w.admin.id}`);
  if (!(await findSessionCustomer(t.database.db, tokenOf(w.b.cookie, 'customer')))) {
    w.b.cookie = `${SESSION_COOKIES.customer}=${await createSession(t.database.db, 'customer', w.b.id)}`;
  }
  const hash = createHash('sha256').update(w.reset).digest('hex');
  const [link] = await sqlRows(sql`select 1 from password_resets where token_hash = ${hash}`);
  if (!link) w.reset = await resetLinkFor(t, w.b);
}

/**
 * The payment fixtures, as later runs need them: the settings with transfers on again, an
 * account (a deleted one is added again), and A's orders still open to what the routes do to
 * them. A transfer whose reference was confirmed or rejected gets A's reference again; an order
 * paid in full, refunded, cancelled, deleted or no longer A's (A erased) is placed anew.
 */
async function repairPayments(op: Operation) {
  if (op.path === '/api/payments/settings') await setPaymentSettings();
  const { account, transfer, cod, online } = w.payments;
  const [row] = await sqlRows<{ account: boolean; transfer: string | null; cod: boolean; online: boolean }>(
    sql`select
      exists(select 1 from transfer_accounts where id = ${account}) as account,
      (select case when transfer_reference is null then 'bare' when transfer_proof is null then 'unproven'
        else 'waiting' end from orders
        where id = ${transfer} and customer_id = ${w.a.id} and payment_method = 'transfer'
        and status <> 'cancelled' and payment_status <> 'paid') as transfer,
      exists(select 1 from orders where id = ${cod} and customer_id = ${w.a.id} and payment_method = 'cod'
        and status <> 'cancelled' and payment_status <> 'paid' and amount_paid > amount_refunded) as cod,
      exists(select 1 from orders where id = ${online} and customer_id = ${w.a.id}
        and payment_method = 'online' and status <> 'cancelled' and payment_status = 'unpaid') as online`,
  );
  const now = row!;
  if (!now.account) w.payments.account = await addFixtureAccount();
  if (now.transfer === 'bare' || now.transfer === 'unproven') await sendFixtureReference(transfer);
  if (now.transfer === null) w.payments.transfer = await placePaymentFixture('transfer');
  if (!now.cod) w.payments.cod = await placePaymentFixture('cod');
  if (!now.online) w.payments.online = await placePaymentFixture('online');
}

/** A new transaction id; each call takes one, and so does every transaction that writes. */
async function nextXid(): Promise<bigint> {
  const [row] = await sqlRows<{ x: string }>(sql`select pg_current_xact_id()::text as x`);
  return BigInt(row!.x);
}

interface Snapshot {
  xid: bigint;
  /** Per table: its row count and digest. */
  rows: Record<string, string>;
  files: string[];
}
/**
 * Every table but the throttles (row count and a digest of the rows) and the uploaded files.
 * Given the state before, the rows are digested again only if some transaction since took an id:
 * one that took none wrote nothing. Files are always listed (one may be stored with no row).
 */
async function snapshot(before?: Snapshot): Promise<Snapshot> {
  const xid = await nextXid();
  // The public uploads and, beside them, the private images (shoppers' transfer screenshots).
  const dirs = w.uploadsDir ? [w.uploadsDir, path.join(path.dirname(w.uploadsDir), 'private')] : [];
  const listed = await Promise.all(dirs.map((dir) => readdir(dir, { recursive: true }).catch(() => [])));
  const files = listed.flat().map(String).sort();
  if (before && xid === before.xid + 1n) return { xid, rows: before.rows, files };
  const digests = await sqlRows<{ t: string; n: number; d: string }>(
    sql.raw(
      w.tables
        .map(
          (table) =>
            // A sum of row hashes: any row added, removed or changed changes it, and nothing is sorted.
            // A session's last_seen_at aside: any request may move it on.
            `select '${table}' as t, count(*)::int as n, coalesce(sum(hashtextextended((to_jsonb(r) - 'last_seen_at')::text, 0)), 0)::text as d from ${table} r`,
        )
        .join(' union all '),
    ),
  );
  return { xid, rows: Object.fromEntries(digests.map((row) => [row.t, `${row.n} rows, ${row.d}`])), files };
}

function writesBetween(before: Snapshot, after: Snapshot): string[] {
  const changes = w.tables
    .filter((table) => before.rows[table] !== after.rows[table])
    .map((table) => `${table}: ${before.rows[table]} -> ${after.rows[table]}`);
  const added = after.files.filter((file) => !before.files.includes(file));
  if (added.length > 0) changes.push(`files added: ${added.join(', ')}`);
  return changes;
}

// ---------------------------------------------------------------------------------------------
// Hints: valid values the schema cannot know (real ids, credentials, money, option JSON)

const money = fc
  .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
const option = (values: readonly unknown[]) =>
  fc.constantFrom(...values).map((value) => JSON.stringify({ label: String(value), value }));
const productNames = fc
  .tuple(fc.constantFrom('Linen Shirt', 'Denim Jacket', 'Cargo Pants', 'Kids Hoodie'), fc.nat(999))
  .map(([name, n]) => `${name} ${n}`);
const forge = (cursor: unknown) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
/**
 * Cursors forged in the shape of the real ones (base64url JSON of the last row's sort value and
 * id): timestamps and prices of the right pattern but impossible values, and junk.
 */
const forgedCursor = fc
  .tuple(
    fc.oneof(
      fc.stringMatching(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/),
      fc.stringMatching(/^\d{1,12}\.\d{2}$/),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.constantFrom('abc', '', 'NaN', 'infinity', '-1', "' or 1=1 --"),
      hostileText,
    ),
    fc.oneof(
      fc.uuid(),
      fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      fc.constantFrom('-'.repeat(36), 'a'.repeat(36), `${'f'.repeat(35)}-`),
      hostileText,
    ),
  )
  .map(([v, id]) => forge({ v, id }));
/** The multipart `stock` field: tracking on or off, quantities for sizes of a product without variations. */
const stockField = fc
  .tuple(
    fc.boolean(),
    fc.array(
      fc.record({
        variation: fc.constant(''),
        size: fc.constantFrom('', ...ALL_SIZES),
        quantity: fc.integer({ min: -1, max: 100_001 }),
      }),
      { maxLength: 3 },
    ),
  )
  .map(([trackStock, quantities]) => JSON.stringify({ trackStock, quantities }));
/** Forgeries that reach SQL if only the shape is checked; every test tries each of them. */
const FORGED_CURSORS = [
  forge({ v: '2024-13-45T25:61:61Z', id: '3b241101-e2bb-4255-8caf-4136c566a962' }),
  forge({ v: '1e400', id: '3b241101-e2bb-4255-8caf-4136c566a962' }),
  forge({ v: 'abc', id: '-'.repeat(36) }),
  forge({ v: "'; select 1 --", id: 'f'.repeat(36) }),
];
const brokenCursor = fc
  .oneof(fc.string({ maxLength: 40 }), fc.constantFrom('{}', '[]', 'null', '{"v":1,"id":2}'))
  .map((text) => Buffer.from(text).toString('base64url'));

const ID_REFS: RefName[] = [
  'a.id',
  'b.id',
  'admin.id',
  'admin2.id',
  'product.id',
  'uploaded.id',
  'a.order',
  'b.order',
];

/** The ids of the rows an operation's path names (by its prefix), its own first. */
function idsFor(op: Operation, key: string | undefined): RefName[] {
  if (key === 'userId') return ['a.id', 'b.id'];
  if (op.path.startsWith('/api/product')) return ['product.id', 'uploaded.id'];
  if (op.path.endsWith('/cancel') && op.path.startsWith('/api/orders') && key !== 'id')
    return ['a.line', 'shipping.line'];
  if (op.path.startsWith('/api/orders')) return ['a.order', 'b.order'];
  if (op.path.startsWith('/api/admin/emails')) return ['mail'];
  if (op.path.startsWith('/api/users/me/sessions')) return ['a.session', 'admin.session'];
  if (op.path.startsWith('/api/admin/me/sessions')) return ['admin.session', 'a.session'];
  if (op.path.startsWith('/api/shipments')) {
    if (key === 'id') return ['shipment.id'];
    if (key === 'orderId') return ['shipping.order', 'a.order', 'b.order'];
    return ['shipping.line'];
  }
  if (op.path.startsWith('/api/admin/discounts')) return ['discount.id'];
  if (op.path.startsWith('/api/size-charts')) return ['product.id', 'uploaded.id'];
  if (op.path.startsWith('/api/payments/accounts')) return ['account.id'];
  if (op.path.startsWith('/api/returns')) {
    if (key !== 'id') return ['returns.item', 'a.line', 'shipping.line'];
    if (op.path.endsWith('/received')) return ['returns.approved', 'returns.requested'];
    if (op.path.endsWith('/replacement')) return ['returns.exchange', 'returns.refund'];
    if (op.path.endsWith('/refund')) return ['returns.refund', 'returns.exchange'];
    if (op.path.endsWith('/photos/{n}')) return ['returns.photographed', 'returns.requested'];
    return ['returns.requested', 'returns.approved', 'returns.refund'];
  }
  if (op.path.startsWith('/api/payments/orders')) {
    if (/\/(transfer-reference|transfer-proof|transfer\/confirm|transfer\/reject)$/.test(op.path))
      return ['transfer.order', 'cod.order', 'online.order', 'a.order', 'b.order'];
    if (op.path.endsWith('/checkout')) return ['online.order', 'transfer.order', 'a.order', 'b.order'];
    return ['cod.order', 'transfer.order', 'online.order', 'a.order', 'b.order'];
  }
  if (op.path.startsWith('/api/admin/staff/invites')) return ['invite.id'];
  if (op.path.startsWith('/api/admin')) return ['admin.id', 'admin2.id'];
  return ['a.id', 'b.id'];
}

function hintFor(op: Operation): Hint {
  const form = op.label in FORMS;
  // The operation's own row most often, so handlers get past "not found" and "not yours".
  const ids = ([own, ...others]: RefName[]) =>
    fc.oneof(
      { weight: 6, arbitrary: refs(own!) },
      { weight: 2, arbitrary: refs(...others, own!) },
      { weight: 1, arbitrary: refs(...ID_REFS) },
      { weight: 1, arbitrary: fc.uuid() },
    );
  return (
    key: string | undefined,
    schema: JsonSchema,
    kind: 'valid' | 'hostile',
  ): fc.Arbitrary<unknown> | undefined => {
    if (kind === 'hostile') {
      return key === 'cursor'
        ? fc.oneof(fc.constantFrom(...FORGED_CURSORS), forgedCursor, brokenCursor)
        : undefined;
    }
    const listOrEnum = schema.enum !== undefined || schema.type === 'array';
    // A cart line's `id` is a product's.
    if (key === 'id' && op.path.endsWith('placed-order')) return ids(['product.id', 'uploaded.id']);
    if (key === 'userId' || key === 'id' || key === '_id' || key === 'orderId' || schema.format === 'uuid') {
      return ids(idsFor(op, key));
    }
    switch (key) {
      // A return's photo by its place: the first is there, past the third never.
      case 'n':
        return fc.oneof(
          { weight: 4, arbitrary: fc.constant(0) },
          { weight: 1, arbitrary: fc.integer({ min: -1, max: 5 }) },
        );
      case 'email':
        return fc.oneof(refs('a.email', 'b.email', 'freshEmail'), fc.emailAddress());
      case 'password':
      case 'currentPassword':
        return refs('password', 'adminPassword');
      case 'username':
        return fc.oneof(refs('admin.username', 'admin2.username'), fc.constantFrom('fuzz-admin', 'ADMIN'));
      case 'name':
        return op.path.endsWith('placed-order') ? refs('product.variation') : productNames;
      case 'updatedName':
        return productNames;
      // A structured address: Makati's places and Cebu City's (PSGC), mixed so that the nesting
      // checks refuse some, with codes on no list.
      case 'regionCode':
        return fc.constantFrom('1300000000', '0700000000', '9900000000');
      case 'provinceCode':
        return fc.constantFrom('', '0702200000', '1307400000');
      case 'cityCode':
        return fc.constantFrom('1380300000', '0730600000');
      case 'barangayCode':
        return fc.constantFrom('1380300002', '0730600041');
      case 'mobile':
        return fc.constantFrom('09171234567', '+639171234567', '0288123456');
      case 'postalCode':
        return fc.constantFrom('1209', '6000', '12090');
      case 'address':
      case 'newAddress':
        return fc.oneof(refs('a.address'), fc.constantFrom('99 Luna St, Pasig', '1 Ayala Ave\nMakati'));
      case 'price':
        return op.path.endsWith('placed-order') ? refs('product.price') : money;
      case 'total':
      case 'updatedPrice':
        return money;
      case 'imageUrl':
        return fc.constantFrom('/uploads/x-800.webp', '');
      case 'size':
        return form
          ? option([[...SIZE_PRESETS.Clothes], [...SIZE_PRESETS.Sneakers], []])
          : fc.constantFrom('', ...ALL_SIZES);
      case 'category':
        // A size chart's: mostly the one its example fits (Men's tops), so edits reach the checks.
        if (op.path.startsWith('/api/size-charts'))
          return fc.oneof({ weight: 3, arbitrary: fc.constant('Men') }, fc.constantFrom(...CATEGORIES));
        return listOrEnum ? undefined : option(CATEGORIES);
      case 'kind':
        return op.path.startsWith('/api/size-charts')
          ? fc.oneof({ weight: 3, arbitrary: fc.constant('tops') }, fc.constantFrom(...SIZE_CHART_KINDS))
          : undefined;
      case 'sizeChart':
        // The product's own chart: the category's (none), or one that fits its sizes only sometimes.
        return form ? fc.constantFrom('', JSON.stringify(DEFAULT_SIZE_CHARTS.Men.tops)) : undefined;
      case 'subCategory':
        return listOrEnum ? undefined : option(SUBCATEGORIES);
      case 'variationsName':
        return fc.array(productNames, { maxLength: 3 }).map((names) => JSON.stringify(names));
      case 'variation':
        return fc.oneof(refs('product.variation'), fc.constantFrom('', 'Fuzz Fixture Tee Red'));
      case 'stock':
        return form ? stockField : undefined;
      case 'from':
      case 'to':
        // The dashboard's and the reports' days: real ones, `from` never after `to`.
        return op.path.startsWith('/api/admin/')
          ? fc.constantFrom(...(key === 'from' ? ['2026-01-01', '2026-11-01'] : ['2026-11-28', '2026-12-31']))
          : undefined;
      case 'cursor':
        return refs('cursor');
      case 'code':
        // A city's, for its barangays; else a discount code.
        if (op.path.startsWith('/api/places'))
          return fc.constantFrom('1380300000', '0730600000', '1399999000');
        return fc.oneof(refs('freshCode', 'discount.code'), fc.constantFrom('save20', 'WELCOME-AB12'));
      case 'token': {
        const own: RefName = op.path.includes('/admin/invites')
          ? 'invite.token'
          : op.path.includes('reset-password')
            ? 'reset.token'
            : op.path.includes('verify-email')
              ? 'verify.token'
              : op.path.endsWith('unsubscribe')
                ? 'newsletter.unsubscribe'
                : 'newsletter.confirm';
        return fc.oneof(
          { weight: 6, arbitrary: refs(own) },
          {
            weight: 1,
            arbitrary: refs('newsletter.confirm', 'newsletter.unsubscribe', 'reset.token', 'verify.token'),
          },
          { weight: 1, arbitrary: fc.constantFrom('A'.repeat(43), 'short', '') },
        );
      }
      case 'discountCode':
        return fc.oneof(refs('discount.code'), fc.constantFrom('save20', 'NOSUCHCODE'));
      case 'subtotal':
      case 'minSpend':
        return money;
      case 'value':
        return op.path.includes('/discounts')
          ? fc.constantFrom('10', '100', '150.00', '0', '101')
          : undefined;
      case 'startsAt':
      case 'endsAt':
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      case 'totalUses':
      case 'perCustomerUses':
        return fc.integer({ min: 0, max: 5 });
      case 'q':
        return fc.constantFrom('tee', 'Navy', 'Shopper', 'a', '50%');
      case 'fee':
        return fc.constantFrom(0, 50, 100, '50');
      case 'date':
        return fc.constantFrom('Tuesday, December 1', '');
      case 'contactNumber':
        return fc.constant('+639171234567');
      case 'idempotency-key':
        return refs('freshKey', 'a.orderKey');
      // Payments: small amounts fit what is still owed or refundable, large ones are refused.
      case 'amount':
        return fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('0.01', '1.00', '₱0.50') },
          { weight: 1, arbitrary: money },
        );
      case 'reference':
        return fc.constantFrom('FUZZ-REF-1', 'GC 1234 5678', 'RIDER-001');
      case 'reason':
        // A return's reason is one of a list; a rejection's or refusal's is words.
        if (schema.enum !== undefined) return undefined;
        return fc.constantFrom('No transfer with this reference', 'The amount sent differs');
      case 'note':
        return fc.constantFrom('Seen in the GCash app', 'Given back in cash', '');
      case 'accountName':
        return fc.constantFrom('Habi Clothing', 'Habi Clothing Inc.');
      case 'accountNumber':
        return fc.constantFrom('0917 123 4567', '1234-5678-90');
      case 'bankName':
        return fc.constantFrom('BDO', 'BPI');
      default:
        return undefined;
    }
  };
}

// ---------------------------------------------------------------------------------------------
// Valid examples, edited by the fuzzer, so requests also reach the handlers' deeper checks

const EXAMPLES: Record<string, () => unknown> = {
  'POST /api/users/sign-up': () => ({
    name: 'Fuzz Shopper',
    contactNumber: '+639171234567',
    email: r('freshEmail'),
    password: CUSTOMER_PASSWORD,
  }),
  'POST /api/users/sign-in': () => ({ email: r('a.email'), password: r('password') }),
  'POST /api/admin/sign-in': () => ({ username: r('admin.username'), password: r('adminPassword') }),
  'POST /api/users/addAddress/{id}': () => ({ newAddress: `${randomInt(1, 1e6)} Luna St, Pasig` }),
  'DELETE /api/users/deleteAddress/{id}': () => ({ address: r('a.address') }),
  'DELETE /api/users/delete/{id}': () => ({ _id: r('b.id') }),
  'DELETE /api/product/delete/{id}': () => ({ _id: r('product.id') }),
  'DELETE /api/orders/delete/{id}': () => ({ orderId: r('b.order') }),
  'PATCH /api/product/edit/{id}': () => ({
    updatedName: 'Edited Tee',
    updatedDescription: 'An edited tee.',
    updatedPrice: '799.00',
    updatedCategory: 'Women',
    updatedSubcategory: 'Tops',
    updatedSizes: [...SIZE_PRESETS.Clothes],
  }),
  'PATCH /api/orders/statusUpdate/{id}': () => ({ updatedStatus: ['delivered'] }),
  'PATCH /api/product/stock/{id}': () => ({
    trackStock: true,
    changes: [{ variation: r('product.variation'), size: 'M', delta: 5 }],
  }),
  // Resolved when sent, so the cart and total match the product as it is then.
  'POST /api/orders/placed-order': () => orderBodyFor(w.a, [orderLineFor(w.product)]),
  'POST /api/discounts/check': () => ({ discountCode: r('discount.code'), subtotal: '699.00' }),
  'POST /api/admin/discounts': () => ({ code: r('freshCode'), kind: 'percent', value: '10' }),
  'PATCH /api/admin/discounts/{id}': () => ({ active: true }),
  'POST /api/newsletter/subscribe': () => ({ email: r('freshEmail') }),
  'POST /api/newsletter/confirm': () => ({ token: r('newsletter.confirm') }),
  'POST /api/users/forgot-password': () => ({ email: r('freshEmail') }),
  'POST /api/users/reset-password/check': () => ({ token: r('reset.token') }),
  'POST /api/users/reset-password': () => ({ token: r('reset.token'), password: CUSTOMER_PASSWORD }),
  'POST /api/users/verify-email': () => ({ token: r('verify.token') }),
  'POST /api/users/me/password': () => ({ currentPassword: r('password'), password: CUSTOMER_PASSWORD }),
  'POST /api/admin/me/password': () => ({ currentPassword: r('adminPassword'), password: ADMIN.password }),
  'PUT /api/payments/settings': () => ({ ...PAYMENT_SETTINGS }),
  'PUT /api/size-charts/{category}/{kind}': () => ({ rows: DEFAULT_SIZE_CHARTS.Men.tops }),
  'POST /api/payments/accounts': () => ({
    kind: 'maya',
    accountName: 'Habi Clothing',
    accountNumber: '0918 765 4321',
  }),
  'PUT /api/payments/accounts/{id}': () => ({
    kind: 'bank',
    bankName: 'BDO',
    accountName: 'Habi Clothing',
    accountNumber: '0012 3456 7890',
  }),
  'POST /api/payments/orders/{id}/transfer-reference': () => ({ reference: 'FUZZ-REF-1' }),
  'POST /api/payments/orders/{id}/collections': () => ({ amount: '1.00', reference: 'RIDER-001' }),
  'POST /api/payments/orders/{id}/transfer/confirm': () => ({ amount: '0.01' }),
  'POST /api/payments/orders/{id}/transfer/reject': () => ({ reason: 'No transfer with this reference' }),
  // Cash is given back by hand, with its reference.
  'POST /api/payments/orders/{id}/refunds': () => ({ amount: '0.01', reference: 'FUZZ-REF-1' }),
  'POST /api/returns': () => ({
    itemId: r('returns.item'),
    kind: 'exchange',
    reason: 'wrongSize',
    size: 'M',
  }),
  'POST /api/returns/{id}/refuse': () => ({ reason: 'Worn and washed' }),
  'POST /api/returns/{id}/received': () => ({ damaged: false }),
  'POST /api/returns/{id}/replacement': () => ({
    courier: 'jnt',
    trackingNumber: '760012345678',
    shippedOn: '2026-11-28',
  }),
  'POST /api/returns/{id}/refund': () => ({ reference: 'FUZZ-REF-1' }),
  'PUT /api/returns/settings': () => ({ windowDays: 7 }),
  'POST /api/orders/{id}/cancel': () => ({ items: [r('a.line')] }),
  'POST /api/shipments': () => ({
    orderId: r('shipping.order'),
    lines: [r('shipping.line')],
    courier: 'jnt',
    trackingNumber: '760012345678',
    shippedOn: '2026-11-27',
  }),
  'POST /api/shipments/csv/check': () => ({ csv: r('shipping.csv') }),
  'POST /api/shipments/csv': () => ({ csv: r('shipping.csv'), rows: [2] }),
  // A catalogue file adding a product, with the token its dry run answers.
  'POST /api/admin/catalogue/csv/check': () => ({ csv: r('catalogue.csv') }),
  'POST /api/admin/catalogue/csv': () => ({ csv: r('catalogue.csv'), token: CATALOGUE_TOKEN }),
};

// ---------------------------------------------------------------------------------------------
// Multipart operations: the document has no body for them; their fields come from the zod
// schemas the routes parse, their file fields from the routes

type PngPlan = { kind: 'png'; rgb: number; width: number; height: number };
interface FilePlan {
  field: string;
  content:
    | PngPlan
    | { kind: 'bytes'; magic: 'png' | 'jpeg' | 'none'; bytes: Uint8Array }
    | { kind: 'svg'; text: string }
    /** A catalogue ZIP of ZIP_CSV (or none) and its photo: a PNG, random bytes, none, or one whose header lies. */
    | { kind: 'zip'; csv: boolean; photo: PngPlan | 'bytes' | 'none' | 'bomb' };
  filename: string;
  type: string;
}
interface FormPlan {
  fields: [string, unknown][];
  files: FilePlan[];
}
type FormEdit =
  | { op: 'set' | 'twice'; field: string; value: unknown }
  | { op: 'drop'; field: string }
  | { op: 'file'; file: FilePlan }
  | { op: 'dropFile'; index: number };
interface FormSpec {
  fields: JsonSchema;
  files: string[];
  example: fc.Arbitrary<FormPlan>;
  /** A valid form the examples start from. */
  canonical: FormPlan;
}

const SVGS = [
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="1"></svg>',
  '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
  '<svg',
];
const png = (field: string): fc.Arbitrary<FilePlan> =>
  fc
    .record({
      rgb: fc.integer({ min: 0, max: 0xffffff }),
      width: fc.integer({ min: 1, max: 48 }),
      height: fc.integer({ min: 1, max: 48 }),
    })
    .map((c) => ({ field, content: { kind: 'png', ...c }, filename: `${field}.png`, type: 'image/png' }));
const anyFile = (fields: string[]): fc.Arbitrary<FilePlan> =>
  fc.record({
    field: fc.constantFrom(...fields, 'evil', 'imageUrl'),
    content: fc.oneof(
      { weight: 3, arbitrary: png('x').map((p) => p.content) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant('bytes' as const),
          magic: fc.constantFrom('png' as const, 'jpeg' as const, 'none' as const),
          bytes: fc.uint8Array({ maxLength: 256 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ kind: fc.constant('svg' as const), text: fc.constantFrom(...SVGS) }),
      },
    ),
    filename: fc.constantFrom(
      'image.png',
      'a.jpg',
      '../../evil.png',
      '\u0000.png',
      `${'x'.repeat(300)}.png`,
      'é.svg',
      '',
    ),
    type: fc.constantFrom(
      'image/png',
      'image/jpeg',
      'image/svg+xml',
      'text/html',
      'application/octet-stream',
    ),
  });

/** An image of its own for the examples, so a refusal after storing it would add a file. */
const CANONICAL_PNG: FilePlan = {
  field: 'imageUrl',
  content: { kind: 'png', rgb: 0x5a3c1e, width: 23, height: 29 },
  filename: 'imageUrl.png',
  type: 'image/png',
};
const withColour = (file: FilePlan, rgb: number): FilePlan =>
  file.content.kind === 'png' ? { ...file, content: { ...file.content, rgb: rgb & 0xffffff } } : file;
const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** A catalogue ZIP's form: the ZIP as `file`, and `fields` (the apply's token). */
const zipForm = (schema: z.ZodType, fields: [string, unknown][]): FormSpec => {
  const zip = (content: Extract<FilePlan['content'], { kind: 'zip' }>): FilePlan => ({
    field: 'file',
    content,
    filename: 'catalogue.zip',
    type: 'application/zip',
  });
  const canonical = zip({ kind: 'zip', csv: true, photo: { kind: 'png', ...ZIP_PHOTO } });
  return {
    fields: jsonSchemaOf(schema),
    files: ['file'],
    example: fc
      .record({
        csv: fc.boolean(),
        photo: fc.oneof(
          { weight: 3, arbitrary: fc.constant({ kind: 'png' as const, ...ZIP_PHOTO }) },
          { weight: 1, arbitrary: png('x').map((p) => p.content as PngPlan) },
          { weight: 1, arbitrary: fc.constantFrom('bytes' as const, 'none' as const, 'bomb' as const) },
        ),
      })
      .map((content) => ({ fields, files: [zip({ kind: 'zip', ...content })] })),
    canonical: { fields, files: [canonical] },
  };
};

/** A form of one image and no text fields: a transfer's screenshot, an account's QR code. */
const imageOnlyForm = (field: string): FormSpec => ({
  fields: jsonSchemaOf(ImageOnlyFormSchema),
  files: [field],
  example: png(field).map((file) => ({ fields: [], files: [file] })),
  canonical: { fields: [], files: [{ ...CANONICAL_PNG, field, filename: `${field}.png` }] },
});

const FORMS: Record<string, FormSpec> = {
  'POST /api/product/add': {
    fields: jsonSchemaOf(CreateProductFieldsSchema),
    files: ['imageUrl', 'varImgUrls'],
    example: fc
      .record({
        name: productNames,
        price: money.filter((p) => p !== '0.00'),
        sizes: fc.constantFrom<string[]>([...SIZE_PRESETS.Clothes], [...SIZE_PRESETS.Sneakers], []),
        category: option(CATEGORIES),
        subCategory: option(SUBCATEGORIES),
        main: png('imageUrl'),
        variations: fc.array(fc.tuple(fc.constantFrom('Red', 'Navy', 'Olive'), png('varImgUrls')), {
          maxLength: 3,
        }),
        // Sometimes stock for one of the product's own variations and sizes (by index).
        stock: fc.option(fc.tuple(fc.nat(2), fc.nat(12), fc.nat(60))),
      })
      .map(({ name, price, sizes, category, subCategory, main, variations, stock }) => {
        const names = variations.map(([colour]) => `${name} ${colour}`);
        const fields: [string, unknown][] = [
          ['name', name],
          ['description', `${name}, soft and light.`],
          ['price', price],
          ['size', JSON.stringify({ label: String(sizes), value: sizes })],
          ['category', category],
          ['subCategory', subCategory],
          ['variationsName', JSON.stringify(names)],
        ];
        if (stock) {
          const [variation, size, quantity] = stock;
          const level = {
            variation: names[variation % Math.max(names.length, 1)] ?? '',
            size: sizes[size % Math.max(sizes.length, 1)] ?? '',
            quantity,
          };
          fields.push(['stock', JSON.stringify({ trackStock: true, quantities: [level] })]);
        }
        return { fields, files: [main, ...variations.map(([, file]) => file)] };
      }),
    canonical: {
      fields: [
        ['name', 'Linen Shirt'],
        ['description', 'A cool linen shirt.'],
        ['price', '1299.00'],
        ['size', JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes })],
        ['category', JSON.stringify({ label: 'Men', value: 'Men' })],
        ['subCategory', JSON.stringify({ label: 'Tops', value: 'Tops' })],
        ['variationsName', '[]'],
        [
          'stock',
          JSON.stringify({ trackStock: true, quantities: [{ variation: '', size: 'M', quantity: 5 }] }),
        ],
      ],
      files: [CANONICAL_PNG],
    },
  },
  'PATCH /api/users/{id}': {
    fields: jsonSchemaOf(ProfileSchema),
    files: ['imageUrl'],
    example: fc
      .record({ email: refs('a.email', 'b.email', 'freshEmail'), file: fc.option(png('imageUrl')) })
      .map(({ email, file }) => ({
        fields: [
          ['name', 'Fuzz Shopper'],
          ['email', email],
          ['contactNumber', '+639171234567'],
        ],
        files: file ? [file] : [],
      })),
    canonical: {
      fields: [
        ['name', 'Fuzz Shopper'],
        ['email', r('a.email')],
        ['contactNumber', '+639171234567'],
      ],
      files: [CANONICAL_PNG],
    },
  },
  'PATCH /api/admin/{id}': {
    fields: jsonSchemaOf(AdminProfileSchema),
    files: ['imageUrl'],
    example: fc
      .record({
        username: fc.oneof(refs('admin.username', 'admin2.username'), fc.constant('renamed-admin')),
        file: fc.option(png('imageUrl')),
      })
      .map(({ username, file }) => ({
        fields: [
          ['username', username],
          ['email', 'admin@example.com'],
        ],
        files: file ? [file] : [],
      })),
    canonical: {
      fields: [
        ['username', r('admin.username')],
        ['email', 'admin@example.com'],
      ],
      files: [CANONICAL_PNG],
    },
  },
  'PUT /api/payments/orders/{id}/transfer-proof': imageOnlyForm('proof'),
  'PUT /api/returns/{id}/photos': imageOnlyForm('photo'),
  'PUT /api/payments/accounts/{id}/qr-image': imageOnlyForm('qrImage'),
  'POST /api/admin/catalogue/zip/check': zipForm(CatalogueZipCheckFieldsSchema, []),
  'POST /api/admin/catalogue/zip': zipForm(CatalogueZipApplyFieldsSchema, [['token', CATALOGUE_ZIP_TOKEN]]),
};

function formBody(spec: FormSpec, arbs: SchemaArbitraries): fc.Arbitrary<BodyPlan> {
  const properties = Object.entries(spec.fields.properties ?? {});
  const names = [...properties.map(([name]) => name), '__proto__', 'constructor', 'imageUrl', 'extra'];
  const schemaOf = (name: string) => spec.fields.properties?.[name] ?? { type: 'string' };
  const value = (name: string) =>
    fc
      .oneof(arbs.mixed(schemaOf(name), name), arbs.hostile(schemaOf(name), name))
      .map((v) => (v instanceof Ref ? v : asText(v)));
  const edit: fc.Arbitrary<FormEdit> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(...names).chain((field) =>
        fc.record({
          op: fc.constantFrom('set' as const, 'twice' as const),
          field: fc.constant(field),
          value: value(field),
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.record({ op: fc.constant('drop' as const), field: fc.constantFrom(...names) }),
    },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('file' as const), file: anyFile(spec.files) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('dropFile' as const), index: fc.nat(3) }) },
  );
  // Fields generated from the schema alone, and random files.
  const generated = fc
    .record({
      fields: arbs.mixed(spec.fields),
      files: fc.array(fc.oneof(anyFile(spec.files), fc.constantFrom(...spec.files).chain(png)), {
        maxLength: 3,
      }),
    })
    .map(({ fields, files }) => ({
      fields: Object.entries(fields !== null && typeof fields === 'object' ? fields : { value: fields }).map(
        ([k, v]): [string, unknown] => [k, v instanceof Ref ? v : asText(v)],
      ),
      files,
    }));
  const damage = fc.oneof(
    { weight: 12, arbitrary: fc.constant<FormDamage>({ kind: 'none' }) },
    {
      weight: 1,
      arbitrary: fc
        .double({ min: 0, max: 1, noNaN: true })
        .map((cut): FormDamage => ({ kind: 'truncate', cut })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<FormDamage>({ kind: 'no-boundary' }, { kind: 'wrong-boundary' }),
    },
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .record({ form: spec.example, edits: fewOf(edit, 2), damage })
        .map((plan): BodyPlan => ({ kind: 'form', ...plan })),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ form: generated, damage })
        .map((plan): BodyPlan => ({ kind: 'form', edits: [], ...plan })),
    },
    {
      weight: 1,
      arbitrary: rawBody.map(([contentType, text]): BodyPlan => ({ kind: 'raw', contentType, text })),
    },
    { weight: 1, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
  );
}

// ---------------------------------------------------------------------------------------------
// Requests

type UrlPart = { value: unknown } | { raw: string };
type Pairs = [string, UrlPart][];
type FormDamage = { kind: 'none' | 'no-boundary' | 'wrong-boundary' } | { kind: 'truncate'; cut: number };
type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; edits: Edit[] }
  | { kind: 'example'; edits: Edit[] }
  | { kind: 'raw'; contentType: string | undefined; text: string }
  | { kind: 'form'; form: FormPlan; edits: FormEdit[]; damage: FormDamage };
interface Plan {
  path: Record<string, UrlPart>;
  query: Pairs;
  headers: [string, unknown][];
  body: BodyPlan;
  /** A different client address each time, so the per-address sign-in throttle does not end the fuzzing. */
  ip: string;
  /** An anonymous caller's forged or misplaced session cookie. */
  cookie: [string, unknown] | null;
}
/** One change to an otherwise valid request: a parameter replaced (by nothing: left out). */
type Mutation =
  | { at: 'path'; name: string; part: UrlPart }
  | { at: 'query'; name: string; pairs: Pairs }
  | { at: 'header'; name: string; value: unknown };

const asPairs = (name: string, value: unknown): Pairs =>
  (Array.isArray(value) ? value : [value]).map((item): [string, UrlPart] => [name, { value: item }]);
const rawPart = fc.constantFrom(...RAW_URL_PARTS).map((raw): UrlPart => ({ raw }));
/** Only what an HTTP client can send: Node refuses other characters in a header. */
const sendable = (value: unknown) => value instanceof Ref || isHeaderSafe(asText(value));
const EXTRA_QUERY = ['__proto__', 'constructor', 'extra', 'q[]', 'limit[0]', ''];

type UrlPlan = Pick<Plan, 'path' | 'query' | 'headers'>;
interface UrlBase {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
}

/** A valid path, query and headers with some parameters replaced. */
function assemble(base: UrlBase, changes: Mutation[]): UrlPlan {
  const parts = new Map(
    Object.entries(base.path).map(([name, value]): [string, UrlPart] => [name, { value }]),
  );
  // Maps, not objects: a parameter may be called `__proto__`.
  const pairs = new Map(Object.entries(base.query).map(([name, value]) => [name, asPairs(name, value)]));
  const values = new Map(Object.entries(base.headers));
  for (const change of changes) {
    if (change.at === 'path') parts.set(change.name, change.part);
    else if (change.at === 'query') pairs.set(change.name, change.pairs);
    else values.set(change.name, change.value);
  }
  return {
    path: Object.fromEntries(parts),
    query: [...pairs.values()].flat(),
    headers: [...values].filter(([, value]) => value !== undefined),
  };
}

/**
 * Path, query and headers: mostly a valid request with one parameter (sometimes none or two)
 * made near-valid or hostile, so a failure shrinks to the one that matters; sometimes every
 * part mixed at once.
 */
function urlFor(op: Operation, arbs: SchemaArbitraries) {
  const parameters = op.doc.parameters ?? [];
  const of = (where: Parameter['in']) => parameters.filter((p) => p.in === where);
  const model = (list: Parameter[], value: (p: Parameter) => fc.Arbitrary<unknown>) =>
    fc.record(Object.fromEntries(list.map((p) => [p.name, value(p)])), {
      requiredKeys: list.filter((p) => p.required).map((p) => p.name),
    });
  const valid = (p: Parameter) => arbs.valid(p.schema, p.name);
  const bad = (p: Parameter) =>
    fc.oneof(
      { weight: 1, arbitrary: arbs.near(p.schema, p.name) },
      { weight: 2, arbitrary: arbs.hostile(p.schema, p.name) },
    );
  const mutations: fc.Arbitrary<Mutation>[] = [
    ...of('path').map((p) =>
      fc
        .oneof(
          { weight: 4, arbitrary: bad(p).map((value): UrlPart => ({ value })) },
          { weight: 1, arbitrary: rawPart },
        )
        .map((part): Mutation => ({ at: 'path', name: p.name, part })),
    ),
    ...of('query').map((p) =>
      fc
        .oneof(
          { weight: 4, arbitrary: bad(p).map((value) => asPairs(p.name, value)) },
          { weight: 1, arbitrary: rawPart.map((part): Pairs => [[p.name, part]]) },
          // Sent twice: a list where the schema may want one value.
          {
            weight: 1,
            arbitrary: fc
              .tuple(valid(p), valid(p))
              .map(([a, b]) => [...asPairs(p.name, a), ...asPairs(p.name, b)]),
          },
          { weight: 1, arbitrary: fc.constant<Pairs>([]) },
        )
        .map((pairs): Mutation => ({ at: 'query', name: p.name, pairs })),
    ),
    ...of('header').map((p) =>
      fc
        .oneof(bad(p).filter(sendable), fc.constant(undefined))
        .map((value): Mutation => ({ at: 'header', name: p.name, value })),
    ),
    fc
      .tuple(fc.constantFrom(...EXTRA_QUERY), fc.oneof(fc.constantFrom('1', 'x'), hostileText))
      .map(([name, value]): Mutation => ({ at: 'query', name, pairs: [[name, { value }]] })),
  ];
  const base: fc.Arbitrary<UrlBase> = fc.record({
    path: model(of('path'), valid),
    query: model(of('query'), valid),
    headers: model(of('header'), valid),
  });
  const focused = fc
    .tuple(base, fewOf(fc.oneof(...mutations), 2))
    .map(([valid, changes]) => assemble(valid, changes));
  const mixed = (p: Parameter) => arbs.mixed(p.schema, p.name);
  const chaos = fc.record({
    path: fc.record(
      Object.fromEntries(
        of('path').map((p) => [
          p.name,
          fc.oneof(
            { weight: 8, arbitrary: mixed(p).map((value): UrlPart => ({ value })) },
            { weight: 1, arbitrary: rawPart },
          ),
        ]),
      ),
    ),
    query: model(of('query'), mixed).map((query) =>
      Object.entries(query).flatMap(([name, value]) => asPairs(name, value)),
    ),
    headers: model(of('header'), (p) => mixed(p).filter(sendable)).map((headers) => Object.entries(headers)),
  });
  return {
    arbitrary: fc.oneof({ weight: 4, arbitrary: focused }, { weight: 1, arbitrary: chaos }),
    base,
    clean: base.map((valid) => assemble(valid, [])),
  };
}

/** The body plans of an operation, and the valid ones alone (`clean`). */
function bodyFor(
  op: Operation,
  arbs: SchemaArbitraries,
): { arbitrary: fc.Arbitrary<BodyPlan>; clean: fc.Arbitrary<BodyPlan> } {
  const form = FORMS[op.label];
  if (form) {
    return {
      arbitrary: formBody(form, arbs),
      clean: form.example.map(
        (plan): BodyPlan => ({ kind: 'form', form: plan, edits: [], damage: { kind: 'none' } }),
      ),
    };
  }
  const schema = op.doc.requestBody?.content?.['application/json']?.schema;
  const example = EXAMPLES[op.label];
  return {
    arbitrary: anyBodyFor(schema, example !== undefined, arbs),
    clean: !schema
      ? fc.constant<BodyPlan>({ kind: 'none' })
      : example
        ? fc.constant<BodyPlan>({ kind: 'example', edits: [] })
        : arbs.valid(schema).map((value): BodyPlan => ({ kind: 'json', value, edits: [] })),
  };
}

function anyBodyFor(
  schema: JsonSchema | undefined,
  example: boolean,
  arbs: SchemaArbitraries,
): fc.Arbitrary<BodyPlan> {
  const raw = rawBody.map(([contentType, text]): BodyPlan => ({ kind: 'raw', contentType, text }));
  const none = fc.constant<BodyPlan>({ kind: 'none' });
  if (!schema) {
    return fc.oneof(
      { weight: 8, arbitrary: none },
      {
        weight: 1,
        arbitrary: fc
          .jsonValue({ maxDepth: 2 })
          .map((value): BodyPlan => ({ kind: 'json', value, edits: [] })),
      },
      { weight: 1, arbitrary: raw },
    );
  }
  return fc.oneof(
    // A valid example made for this operation (real ids, the right total), edited.
    ...(example
      ? [
          {
            weight: 5,
            arbitrary: arbs.edits(schema, 2).map((edits): BodyPlan => ({ kind: 'example', edits })),
          },
        ]
      : []),
    // A body valid for the schema, edited.
    {
      weight: example ? 3 : 5,
      arbitrary: fc
        .tuple(arbs.valid(schema), arbs.edits(schema, 2))
        .map(([value, edits]): BodyPlan => ({ kind: 'json', value, edits })),
    },
    // Every leaf mixed at once.
    {
      weight: example ? 1 : 2,
      arbitrary: arbs.mixed(schema).map((value): BodyPlan => ({ kind: 'json', value, edits: [] })),
    },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: none },
  );
}

const forgedCookie: fc.Arbitrary<[string, unknown]> = fc.tuple(
  fc.constantFrom(SESSION_COOKIES.customer, SESSION_COOKIES.admin),
  fc.oneof(
    // A real token under the other cookie's name: a customer's session is no admin's.
    refs('a.token', 'admin.token'),
    fc.base64String({ minLength: 4, maxLength: 64 }),
    hostileText.filter((text) => isHeaderSafe(text) && !/[;,]/.test(text)),
  ),
);

function planFor(op: Operation, caller: Caller, arbs: SchemaArbitraries): fc.Arbitrary<Plan> {
  const url = urlFor(op, arbs);
  const body = bodyFor(op, arbs);
  // Some requests are valid throughout: successes reach the handlers' writes, and a failure that
  // needs no hostile input at all shows up too.
  const parts = fc.oneof(
    { weight: 5, arbitrary: fc.record({ url: url.arbitrary, body: body.arbitrary }) },
    { weight: 1, arbitrary: fc.record({ url: url.clean, body: body.clean }) },
  );
  return fc
    .record({
      parts,
      ip: fc.ipV4(),
      cookie:
        caller === 'anonymous'
          ? fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: forgedCookie })
          : fc.constant(null),
    })
    .map(({ parts: { url: urlPlan, body: bodyPlan }, ...rest }) => ({ ...urlPlan, body: bodyPlan, ...rest }));
}

/** Text with a NUL inside, long enough for every minimum length: PostgreSQL cannot store NUL at all. */
const NUL_TEXT = 'Fuzz\u0000text';
const isText = (schema: JsonSchema | undefined) => schema?.type === 'string' && !schema.enum;
/**
 * Values another account already holds, by field: refused late (409), after the work before the
 * check is done (an image stored), which is where a refusal leaves something behind.
 */
const TAKEN: Record<string, RefName> = { email: 'b.email', username: 'admin2.username' };

/**
 * The runs every test starts with, so the classic failures are tried in every place whatever the
 * seed: a valid request but for a NUL in one text input (path or query parameter, JSON leaf,
 * form field), a forged cursor, or an email or username another account holds.
 */
function examplesFor(op: Operation, arbs: SchemaArbitraries, seed: number): Plan[] {
  const one = <T>(arbitrary: fc.Arbitrary<T>) => fc.sample(arbitrary, { seed, numRuns: 1 })[0]!;
  const parameters = op.doc.parameters ?? [];
  // A request each handler accepts as far as it can: the caller's own ids, the required query
  // parameters only, a fresh Idempotency-Key.
  const sampled = one(urlFor(op, arbs).base);
  const base: UrlBase = {
    path: Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map((p) => [p.name, r(idsFor(op, p.name)[0]!)]),
    ),
    query: Object.fromEntries(
      Object.entries(sampled.query).filter(([name]) => parameters.some((p) => p.name === name && p.required)),
    ),
    headers: {
      ...sampled.headers,
      ...('idempotency-key' in sampled.headers ? { 'idempotency-key': r('freshKey') } : {}),
    },
  };
  const form = FORMS[op.label];
  const schema = op.doc.requestBody?.content?.['application/json']?.schema;
  const example = EXAMPLES[op.label];
  const body: BodyPlan = form
    ? {
        kind: 'form',
        form: form.canonical,
        edits: [],
        damage: { kind: 'none' },
      }
    : schema
      ? example
        ? { kind: 'example', edits: [] }
        : { kind: 'json', value: one(arbs.valid(schema)), edits: [] }
      : { kind: 'none' };
  const plan = (changes: Mutation[], withBody: BodyPlan = body): Plan => ({
    ...assemble(base, changes),
    body: withBody,
    ip: '203.0.113.7',
    cookie: null,
  });
  // First the request itself, valid throughout.
  const plans: Plan[] = [plan([])];
  // Headers are left out: no HTTP client can send a NUL in one.
  for (const p of parameters.filter((p) => p.in !== 'header')) {
    const s = arbs.deref(p.schema);
    const values = [
      ...(isText(s) || isText(s.items && arbs.deref(s.items)) ? [NUL_TEXT] : []),
      ...(p.name === 'cursor' ? FORGED_CURSORS : []),
    ];
    for (const value of values) {
      plans.push(
        plan([
          p.in === 'path'
            ? { at: 'path', name: p.name, part: { value } }
            : { at: 'query', name: p.name, pairs: [[p.name, { value }]] },
        ]),
      );
    }
  }
  if (schema && (body.kind === 'json' || body.kind === 'example')) {
    for (const { path, schema: leaf } of arbs.leaves(schema)) {
      const taken = TAKEN[String(path[path.length - 1])];
      if (isText(leaf)) plans.push(plan([], { ...body, edits: [{ path, value: NUL_TEXT }] }));
      if (taken) plans.push(plan([], { ...body, edits: [{ path, value: r(taken) }] }));
    }
  }
  if (form && body.kind === 'form') {
    for (const [field, property] of Object.entries(form.fields.properties ?? {})) {
      const taken = TAKEN[field];
      if (isText(property)) plans.push(plan([], { ...body, edits: [{ op: 'set', field, value: NUL_TEXT }] }));
      if (taken) plans.push(plan([], { ...body, edits: [{ op: 'set', field, value: r(taken) }] }));
    }
  }
  // An image of its own in each: files are named by content, so an image stored by an earlier
  // run would not be added again, and a refusal that stored it would go unseen.
  return plans.map((each, i) =>
    each.body.kind === 'form'
      ? {
          ...each,
          body: {
            ...each.body,
            form: {
              ...each.body.form,
              files: each.body.form.files.map((file) => withColour(file, seed * 64 + i)),
            },
          },
        }
      : each,
  );
}

async function fileBytes(content: FilePlan['content']): Promise<Buffer> {
  if (content.kind === 'png') {
    const colour = `#${content.rgb.toString(16).padStart(6, '0')}`;
    return testPng(colour, { width: content.width, height: content.height });
  }
  if (content.kind === 'zip') {
    const { csv, photo } = content;
    const entries: ZipEntry[] = csv ? [{ name: 'catalogue.csv', data: Buffer.from(ZIP_CSV) }] : [];
    if (photo === 'bytes') entries.push({ name: 'photo.png', data: Buffer.from('random bytes, no image') });
    if (photo === 'bomb')
      entries.push({ name: 'photo.png', data: Buffer.alloc(8 * 1024 * 1024), statedSize: 100 });
    if (typeof photo === 'object') entries.push({ name: 'photo.png', data: await fileBytes(photo) });
    return makeZip(entries);
  }
  if (content.kind === 'svg') return Buffer.from(content.text);
  const magic = {
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpeg: [0xff, 0xd8, 0xff],
    none: [],
  }[content.magic];
  return Buffer.concat([Buffer.from(magic), Buffer.from(content.bytes)]);
}

function applyFormEdits(form: FormPlan, edits: FormEdit[]): FormPlan {
  let fields = [...form.fields];
  let files = [...form.files];
  for (const edit of edits) {
    if (edit.op === 'drop') fields = fields.filter(([name]) => name !== edit.field);
    else if (edit.op === 'file') files = [...files, edit.file];
    else if (edit.op === 'dropFile') files = files.filter((_, i) => i !== edit.index);
    else if (edit.op === 'twice') fields = [...fields, [edit.field, edit.value]];
    else fields = [...fields.filter(([name]) => name !== edit.field), [edit.field, edit.value]];
  }
  return { fields, files };
}

interface Sent {
  options: InjectOptions & { cookie?: string };
  /** The request as a reader needs it to reproduce a failure. */
  text: string;
}

const show = (text: string, max = 400) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);

async function materialize(op: Operation, caller: Caller, plan: Plan): Promise<Sent> {
  const urlText = (part: UrlPart | undefined) =>
    part === undefined ? '' : 'raw' in part ? part.raw : encodeText(asText(resolve(part.value)));
  const route = op.path.replace(/\{(\w+)\}/g, (_, name: string) => urlText(plan.path[name]));
  const query = plan.query.map(([key, part]) => `${encodeText(key)}=${urlText(part)}`).join('&');
  const url = query ? `${route}?${query}` : route;
  const headers: Record<string, string> = {};
  for (const [name, value] of plan.headers) headers[name] = asText(resolve(value));
  let payload: InjectOptions['payload'];
  let bodyText = '';
  const body = plan.body;
  if (body.kind === 'json' || body.kind === 'example') {
    const base = body.kind === 'json' ? body.value : EXAMPLES[op.label]!();
    const value = applyEdits(resolve(base), resolve(body.edits) as Edit[]);
    payload = JSON.stringify(value) ?? 'null';
    headers['content-type'] = 'application/json';
    bodyText = `application/json ${show(payload)}`;
  } else if (body.kind === 'raw') {
    payload = body.text;
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
    bodyText = `${body.contentType ?? '(no content-type)'} ${show(body.text)}`;
  } else if (body.kind === 'form') {
    const form = applyFormEdits(resolve(body.form) as FormPlan, resolve(body.edits) as FormEdit[]);
    const fields = form.fields.map(([name, value]): [string, string] => [name, asText(value)]);
    const files: FilePart[] = await Promise.all(
      form.files.map(
        async (file): Promise<FilePart> => [
          file.field,
          await fileBytes(file.content),
          file.filename,
          file.type,
        ],
      ),
    );
    const encoded = await multipartBody(fields, files);
    payload = encoded.payload;
    headers['content-type'] = encoded.headers['content-type'];
    if (body.damage.kind === 'truncate')
      payload = encoded.payload.subarray(0, Math.floor(encoded.payload.length * body.damage.cut));
    if (body.damage.kind === 'no-boundary') headers['content-type'] = 'multipart/form-data';
    if (body.damage.kind === 'wrong-boundary') headers['content-type'] = 'multipart/form-data; boundary=nope';
    const describeFile = ({ field, content, filename, type }: FilePlan) =>
      `${field}=${content.kind === 'png' ? `png ${content.width}x${content.height}` : content.kind === 'svg' ? `svg ${show(content.text, 60)}` : content.kind === 'zip' ? `zip ${JSON.stringify(content)}` : `${content.magic} magic + ${content.bytes.length} random bytes`} as ${show(filename, 40)} (${type})`;
    bodyText = [
      `multipart (${body.damage.kind})`,
      ...fields.map(([name, value]) => `  field ${show(name, 40)} = ${show(value)}`),
      ...form.files.map((file) => `  file ${describeFile(file)}`),
    ].join('\n');
  }
  let cookie: string | undefined;
  if (caller === 'anonymous') {
    if (plan.cookie) cookie = `${plan.cookie[0]}=${asText(resolve(plan.cookie[1]))}`;
  } else {
    const kind = caller === 'customer' ? 'customer' : 'admin';
    const account = caller === 'customer' ? w.a : w.admin;
    // Ending the shared session would sign the caller out of every later run.
    if (ENDS_SESSION.test(op.path)) {
      cookie = `${SESSION_COOKIES[kind]}=${await createSession(t.database.db, kind, account.id)}`;
      settled = undefined;
    } else {
      cookie = account.cookie;
    }
  }
  const headerText = Object.entries(headers)
    .filter(([name]) => name !== 'content-type')
    .map(([name, value]) => `  header ${name}: ${show(value, 200)}`);
  const cookieText = caller === 'anonymous' && cookie ? [`  cookie ${show(cookie, 200)}`] : [];
  return {
    options: {
      method: op.method as InjectOptions['method'],
      url,
      headers,
      payload,
      cookie,
      remoteAddress: plan.ip,
    },
    text: [`${op.method} ${show(url, 600)}`, ...headerText, ...cookieText, bodyText]
      .filter(Boolean)
      .join('\n'),
  };
}

/**
 * What is wrong with an answer, whatever was asked: a 5xx, or an error body not
 * `{ message, errors?, available? }` (`available` only on a 409).
 */
function problemWith(response: LightMyRequestResponse): string | undefined {
  const status = response.statusCode;
  if (status >= 500) return `status ${status}`;
  if (status < 200 || (status >= 300 && status < 400)) return `unexpected status ${status}`;
  if (status < 400) return undefined;
  if (!/^application\/json/.test(String(response.headers['content-type']))) {
    return `error body is not JSON (${response.headers['content-type']})`;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return 'error body does not parse';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'error body is not an object';
  const { message, errors, available, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return `error body has keys ${Object.keys(rest).join(', ')}`;
  if (typeof message !== 'string') return 'error body has no message';
  if (errors !== undefined) {
    if (errors === null || typeof errors !== 'object' || Array.isArray(errors))
      return 'errors is not an object';
    if (Object.values(errors).some((v) => typeof v !== 'string'))
      return 'errors has a value that is not text';
  }
  if (available !== undefined) {
    if (status !== 409) return `available on a ${status}`;
    if (!z.array(StockShortfallSchema).min(1).safeParse(available).success)
      return 'available is not a list of { line, available }';
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The properties

interface Result {
  label: string;
  planned: number;
  ran: number;
  failed: boolean;
}
const results: Result[] = [];
let requestsSent = 0;
/** Answers per operation, by status class: a suite that only ever hears 400 tests little. */
const answered: Record<string, Record<string, number>> = {};
let started = 0;

beforeAll(async () => {
  await buildWorld();
  started = Date.now();
});

describe('the OpenAPI document', () => {
  it('lists the operations the suite fuzzes, with its examples and forms among them', () => {
    expect(docResponse.statusCode).toBe(200);
    expect(operations.length).toBeGreaterThan(20);
    const labels = new Set(operations.map((op) => op.label));
    for (const label of [...Object.keys(EXAMPLES), ...Object.keys(FORMS)]) expect(labels).toContain(label);
    for (const table of [
      'customers',
      'admins',
      'products',
      'orders',
      'order_items',
      'idempotency_keys',
      'sessions',
    ]) {
      expect(w.tables).toContain(table);
    }
  });
});

describe.each(operations)('$label', (op) => {
  it.each(CALLERS)(
    'as %s: never a 5xx, errors as { message, errors?, available? }, nothing written on refusal',
    async (caller) => {
      const planned = op.label in FORMS ? FORM_RUNS : RUNS;
      const seed = SEED + operations.indexOf(op) * CALLERS.length + CALLERS.indexOf(caller);
      let lastFailure = '';
      const hint = hintFor(op);
      const arbs = schemaArbitraries(openapi.components?.schemas, hint);
      const examples = examplesFor(op, arbs, seed);
      const property = fc.asyncProperty(planFor(op, caller, arbs), async (plan) => {
        const sent = await materialize(op, caller, plan);
        const before = settled ?? (await snapshot());
        const response = await t.request(sent.options);
        settled = undefined;
        requestsSent += 1;
        const answers = answered[op.label] ?? {};
        const answer = `${Math.floor(response.statusCode / 100)}xx`;
        answers[answer] = (answers[answer] ?? 0) + 1;
        answered[op.label] = answers;
        let problem = problemWith(response);
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        if (!problem && !ok) {
          const after = await snapshot(before);
          const writes = writesBetween(before, after);
          settled = after;
          if (writes.length > 0)
            problem = `refused with ${response.statusCode} but wrote:\n  ${writes.join('\n  ')}`;
        }
        // GETs write nothing; after any other success, fixtures it removed or changed are made again.
        if (ok && op.method !== 'GET') await repairWorld(op);
        if (problem) {
          lastFailure = [
            `${op.label} as ${caller}: ${problem}`,
            `request:\n${sent.text}`,
            `response: ${response.statusCode} ${show(response.body, 600)}`,
          ].join('\n');
          throw new Error(problem);
        }
      });
      const details = await fc.check(property, {
        seed,
        numRuns: planned,
        examples: examples.map((plan): [Plan] => [plan]),
        plugins: [fc.interruptAfterTimeLimit(TIME_LIMIT_MS)],
      });
      results.push({
        label: `${op.label} as ${caller}`,
        planned,
        ran: details.numRuns,
        failed: details.failed,
      });
      if (details.failed) {
        throw new Error(
          `${lastFailure || String(details.errorInstance)}\n(fast-check: seed ${details.seed}, path "${details.counterexamplePath}", ` +
            `${details.numShrinks} shrinks; FUZZ_SEED=${SEED})`,
        );
      }
      // An interrupted run passes in fast-check: here it must have run every planned request.
      expect(details.numRuns, `${op.label} as ${caller} was interrupted`).toBe(planned);
    },
    TIME_LIMIT_MS + 30_000,
  );
});

describe('the fuzz run', () => {
  it('sent every planned request', () => {
    const planned = operations.reduce(
      (sum, op) => sum + (op.label in FORMS ? FORM_RUNS : RUNS) * CALLERS.length,
      0,
    );
    const passed = results.filter((result) => !result.failed);
    // The size and time of the run belong in CI's log.
    console.log(
      `fuzz: ${requestsSent} requests (${planned} planned runs) over ${operations.length} operations ` +
        `x ${CALLERS.length} callers in ${((Date.now() - started) / 1000).toFixed(1)} s, seed ${SEED}`,
    );
    expect(results).toHaveLength(operations.length * CALLERS.length);
    expect(passed.map((result) => [result.label, result.ran])).toEqual(
      passed.map((result) => [result.label, result.planned]),
    );
    if (passed.length === results.length) expect(requestsSent).toBe(planned);
  });

  it('reached every handler: each operation succeeded at least once', () => {
    const table = operations.map((op) => {
      const counts = answered[op.label] ?? {};
      return `  ${op.label}: ${Object.entries(counts)
        .sort()
        .map(([status, n]) => `${status} ${n}`)
        .join(', ')}`;
    });
    console.log(`fuzz answers by operation:\n${table.join('\n')}`);
    const failedOps = new Set(
      results.filter((result) => result.failed).map((result) => result.label.split(' as ')[0]),
    );
    const unreached = operations.filter((op) => !failedOps.has(op.label) && !answered[op.label]?.['2xx']);
    expect(unreached.map((op) => op.label)).toEqual([]);
  });
});
