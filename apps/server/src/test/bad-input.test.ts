import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_CSV_BODY_LIMIT,
  CATALOGUE_ZIP_MESSAGES,
  DEFAULT_SIZE_CHARTS,
  IDEMPOTENCY_KEY_HEADER,
  PASSWORD_MESSAGES,
  RETURN_MESSAGES,
  SEARCH_MESSAGES,
  SIZE_CHART_MESSAGES,
  SIZE_PRESETS,
  STAFF_MESSAGES,
  STOCK_LEVELS_MAX,
} from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  buildTestApp,
  countRows,
  type FilePart,
  insertProduct,
  insertTrackedTee,
  multipartBody,
  newCustomer,
  ORIGIN,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  testPng,
} from './helpers.ts';
import { makeZip } from './zip.ts';

/**
 * Bad input on every route that takes input: always a 4xx, never a 5xx, the error body
 * `{ message, errors? }` with a real message and no stack trace, and nothing written
 * (docs/architecture.md, "A request"). Then the Origin check on unsafe methods
 * (docs/business-rules.md, "Who may see and do what").
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Who = 'anonymous' | 'customer' | 'admin';
type Json = Record<string, unknown>;

interface Req {
  method: Method;
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  cookie?: string;
}

interface Case {
  name: string;
  build: () => Promise<Req> | Req;
  /** The exact status (or one of them); any 4xx when absent. */
  status?: number | number[];
  /** The exact message, where a shared schema or the error handler words it. */
  message?: string;
}

const LONG = 'x'.repeat(10_000);
const BAD_IDS = ['123', 'not-a-uuid', '../etc'];
const forgedCursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/**
 * Routes on the caller's own id, checked against the session before anything is validated: a
 * malformed id is nobody's own, so it is refused as another's (403).
 */
const OWN_ID_ROUTES = new Set([
  '/api/users/:id',
  '/api/users/addAddress/:id',
  '/api/users/deleteAddress/:id',
  '/api/admin/:id',
  '/api/orders/user/:userId',
]);
const badIdStatus = (path: string) => (OWN_ID_ROUTES.has(path) ? 403 : 400);
const UNKNOWN_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const UNKNOWN_MESSAGE = 'An unknown error occurred';
const TABLES = [
  'customers',
  'admins',
  'discount_codes',
  'discount_redemptions',
  'products',
  'product_stock',
  'orders',
  'order_items',
  'idempotency_keys',
  'outbox',
  'sessions',
  'password_resets',
  'sign_in_throttle',
  'subscribers',
  'payments',
  'payment_settings',
  'transfer_accounts',
  'payment_events',
  'shipments',
  'shipment_items',
  'return_requests',
  'return_settings',
  'size_charts',
  'staff_invites',
];

// The case tables are built from the valid bodies' shapes when the file is collected, before
// `beforeAll` replaces these stand-ins with real accounts, a real product and a real order.
const standIn = (name: string): SignedIn => ({
  id: UNKNOWN_ID,
  cookie: '',
  name,
  email: `${name}@example.com`,
});
let t: TestApp;
let a = standIn('a');
let b = standIn('b');
let admin = standIn('admin');
let product = {
  id: UNKNOWN_ID,
  price: '699.00',
  sizes: [],
  variations: [{ name: 'Tee', imageUrl: '/uploads/tee-800.webp' }],
} as unknown as ProductRow;
let orderOfA = UNKNOWN_ID;
/** orderOfA's line, still to ship; and an order of A's whose line shipped and was delivered. */
let lineOfA = UNKNOWN_ID;
let shippedOfA = { order: UNKNOWN_ID, line: UNKNOWN_ID, shipment: UNKNOWN_ID };
/** A product tracking stock with none left, and a cancelled order of A's for 2 of it. */
let soldOut = product;
let cancelledOfA = UNKNOWN_ID;
/**
 * A's delivered line with no request, one delivered 8 days ago, and A's requests at each step:
 * an exchange requested, a return approved, an exchange and a return received.
 */
const returnsOfA = {
  line: UNKNOWN_ID,
  lateLine: UNKNOWN_ID,
  requested: UNKNOWN_ID,
  approved: UNKNOWN_ID,
  exchange: UNKNOWN_ID,
  refund: UNKNOWN_ID,
};
/** A 10% code once per customer, used by A. */
const CODE = 'BADINPUT10';
let discount = UNKNOWN_ID;
let png = Buffer.alloc(0);
/** A newsletter confirmation link's token, mailed in `beforeAll`. */
let confirmToken = 'A'.repeat(43);
const ADDRESS_OF_A = '7 Mabini St, Quezon City';
/** A password link's token, well formed, that no link was mailed with. */
const UNUSED_LINK = 'A'.repeat(43);
/** One of the shop's transfer accounts (the GCash one transfers are sent to). */
let accountId = UNKNOWN_ID;
/** A cash on delivery order of A's with ₱1.00 collected: more may be collected, and refunded. */
let paidCodOfA = UNKNOWN_ID;
/** A transfer order of A's with A's reference waiting to be confirmed or rejected. */
let referencedTransferOfA = UNKNOWN_ID;
/** A transfer order of A's with no reference sent. */
let bareTransferOfA = UNKNOWN_ID;
/** Transfers on, cash on delivery with no limit, online off (PayMongo is not configured here). */
const SETTINGS_ON = {
  codEnabled: true,
  codMaxTotal: '',
  transferEnabled: true,
  transferHours: 24,
  onlineEnabled: false,
  onlineMinutes: 60,
};
const accountBody = () => ({
  kind: 'bank',
  bankName: 'BPI',
  accountName: 'Habi Clothing',
  accountNumber: '1234 5678 90',
  qrImageUrl: `/uploads/${'a'.repeat(32)}-800.webp`,
});
/** The Host `t.request` sends, matching its ORIGIN. */
const HOST = 'localhost:80';

/** As `t.request`, without the Origin header it always adds. */
function sendRaw(request: Req, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: request.method,
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    headers: {
      host: HOST,
      ...request.headers,
      ...(request.cookie ? { cookie: request.cookie } : {}),
      ...headers,
    },
  });
}

const cookieOf = (who: Who) => (who === 'customer' ? a.cookie : who === 'admin' ? admin.cookie : undefined);

/**
 * Every table's row count and a digest of its rows, to prove a refused request wrote nothing; a
 * session's `last_seen_at` aside, which any request may move on.
 */
async function snapshot() {
  const state: Record<string, { rows: number; digest: string }> = {};
  const row = `(to_jsonb(r) - 'last_seen_at')::text`;
  for (const table of TABLES) {
    const result = await t.database.db.execute(
      sql.raw(`select coalesce(md5(string_agg(${row}, '|' order by ${row})), '') as d from ${table} r`),
    );
    const digest = (result as unknown as { rows: { d: string }[] }).rows[0]!.d;
    state[table] = { rows: await countRows(t, table), digest };
  }
  return state;
}

interface Operation {
  parameters?: unknown[];
  requestBody?: unknown;
}

/** The operations of the OpenAPI document, labelled `METHOD /api/path/:param`. */
async function operations() {
  const response = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const paths = response.json().paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const route = path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
      return { method: method.toUpperCase(), label: `${method.toUpperCase()} ${route}`, operation };
    }),
  );
}

function expectClientError(response: LightMyRequestResponse, status?: number | number[]) {
  const context = `${response.statusCode} ${response.body.slice(0, 500)}`;
  if (status === undefined) {
    expect(response.statusCode, context).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, context).toBeLessThan(500);
  } else if (Array.isArray(status)) {
    expect(status, context).toContain(response.statusCode);
  } else {
    expect(response.statusCode, context).toBe(status);
  }
  expect(response.headers['content-type'], context).toMatch(/^application\/json/);
  const body = response.json() as { message?: unknown; errors?: unknown; available?: unknown };
  expect(
    Object.keys(body).filter((key) => !['message', 'errors', 'available'].includes(key)),
    context,
  ).toEqual([]);
  if (body.available !== undefined) {
    expect(response.statusCode, context).toBe(409);
    expect(body.available, context).toEqual(
      expect.arrayContaining([{ line: expect.any(Number), available: expect.any(Number) }]),
    );
  }
  expect(typeof body.message, context).toBe('string');
  const message = body.message as string;
  expect(message.trim(), context).not.toBe('');
  expect(message, context).not.toBe(UNKNOWN_MESSAGE);
  expect(response.body, context).not.toMatch(/\bat .+:\d+:\d+|node_modules|"stack"|\.ts:\d+/);
  if (body.errors !== undefined) {
    expect(body.errors, context).toBeTypeOf('object');
    expect(Array.isArray(body.errors), context).toBe(false);
    for (const value of Object.values(body.errors as object)) expect(value, context).toBeTypeOf('string');
  }
}

/** Ships orderOfA's line with J&T; any field overridden. */
const shipmentBody = (overrides: Json = {}) => ({
  orderId: orderOfA,
  lines: [lineOfA],
  courier: 'jnt',
  courierName: 'J&T',
  trackingNumber: '760012345678',
  shippedOn: '2026-11-27',
  ...overrides,
});

/** A courier's CSV shipping A's order with LBC. */
const shipmentCsv = (order = orderOfA) => `order,courier,tracking\n${order},LBC,LBC-1001\n`;
/** A catalogue file adding a product (its image missing: the dry run lists that). */
const CATALOGUE_CSV = `Product key,Name,Description,Category,Subcategory,Price,Variation,Size,SKU,Barcode,Stock,Image,Variation image\nnew-1,Canvas Tote,A sturdy canvas tote.,Women,Accessories,350,,,TOTE-1,,5,,\n`;

const editBody = () => ({
  updatedName: 'Edited Tee',
  updatedDescription: 'An edited tee.',
  updatedPrice: '799.00',
  updatedCategory: 'Women',
  updatedSubcategory: 'Tops',
  updatedSizes: [...SIZE_PRESETS.Clothes],
});

const addForm = () => ({
  name: 'Linen Shirt',
  description: 'A cool linen shirt.',
  price: '1299.00',
  size: JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }),
  category: JSON.stringify({ label: 'Men', value: 'Men' }),
  subCategory: JSON.stringify({ label: 'Tops', value: 'Tops' }),
  variationsName: JSON.stringify(['Linen Shirt White']),
  stock: JSON.stringify({
    trackStock: true,
    quantities: [{ variation: 'Linen Shirt White', size: 'M', quantity: 5 }],
  }),
});

/** A change to one size of the product's first variation. */
const stockChange = (of: ProductRow, change: Json) => ({
  changes: [{ variation: of.variations[0]!.name, size: 'M', ...change }],
});

// ---------------------------------------------------------------------------------------------
// JSON routes

interface JsonRoute {
  method: Method;
  path: string;
  who: Who;
  /** The URL with the given id, or the valid one. */
  url: (id?: string) => string;
  body: () => Json;
  headers?: () => Record<string, string>;
  /** Leaf paths that may be left out. */
  optional?: string[];
  /** The whole body may be left out. */
  bodyOptional?: boolean;
  /** The route's own body limit in bytes, above the app's 1 MB. */
  bodyLimit?: number;
  /** Nested objects that may carry keys of their own. */
  open?: string[];
}

type Path = (string | number)[];
type Leaf = { path: Path; value: unknown };

/** Every key at every depth of a valid body (the first element of each list of objects). */
function leaves(value: unknown, path: Path = []): Leaf[] {
  if (Array.isArray(value)) {
    const first = value[0];
    return first !== null && typeof first === 'object' ? leaves(first, [...path, 0]) : [];
  }
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [
    { path: [...path, key], value: child },
    ...leaves(child, [...path, key]),
  ]);
}

function changed(
  body: Json,
  path: Path,
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
) {
  const copy = structuredClone(body);
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path[path.length - 1]!);
  return copy;
}
const setAt = (body: Json, path: Path, value: unknown) =>
  changed(body, path, (parent, key) => {
    parent[key] = value;
  });
const deleteAt = (body: Json, path: Path) =>
  changed(body, path, (parent, key) => {
    delete parent[key];
  });

function jsonCases(route: JsonRoute): Case[] {
  const label = `${route.method} ${route.path}`;
  const request = ({ body, url = route.url() }: { body?: unknown; url?: string }): Req => ({
    method: route.method,
    url,
    cookie: cookieOf(route.who),
    headers: { ...route.headers?.(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const raw = (payload: string, contentType: string): Req => ({
    method: route.method,
    url: route.url(),
    cookie: cookieOf(route.who),
    headers: { ...route.headers?.(), 'content-type': contentType },
    payload,
  });
  const cases: Case[] = [];
  const optional = new Set(route.optional ?? []);
  const open = new Set(route.open ?? []);
  for (const { path, value } of leaves(route.body())) {
    const name = path.join('.');
    if (!optional.has(name) && !route.bodyOptional) {
      cases.push({
        name: `${label}: missing ${name}`,
        status: 400,
        build: () => request({ body: deleteAt(route.body(), path) }),
      });
    }
    if (typeof value === 'string') {
      cases.push(
        {
          name: `${label}: ${name} as a number`,
          status: 400,
          build: () => request({ body: setAt(route.body(), path, 12345) }),
        },
        {
          name: `${label}: 10,000 characters in ${name}`,
          status: 400,
          build: () => request({ body: setAt(route.body(), path, LONG) }),
        },
      );
    } else if (typeof value === 'number') {
      cases.push({
        name: `${label}: ${name} as text`,
        status: 400,
        build: () => request({ body: setAt(route.body(), path, 'many') }),
      });
    } else if (Array.isArray(value)) {
      cases.push({
        name: `${label}: ${name} as an object`,
        status: 400,
        build: () => request({ body: setAt(route.body(), path, { 0: value[0] }) }),
      });
      if (typeof value[0] === 'string') {
        cases.push({
          name: `${label}: 10,000 characters in ${name}.0`,
          status: 400,
          build: () => request({ body: setAt(route.body(), [...path, 0], LONG) }),
        });
      }
    } else if (value !== null && typeof value === 'object') {
      cases.push({
        name: `${label}: ${name} as a list`,
        status: 400,
        build: () => request({ body: setAt(route.body(), path, [value]) }),
      });
      if (!open.has(name)) {
        cases.push({
          name: `${label}: an extra field in ${name}`,
          status: 400,
          build: () => request({ body: setAt(route.body(), [...path, 'role'], 'admin') }),
        });
      }
    }
  }
  cases.push(
    {
      name: `${label}: an extra field`,
      status: 400,
      build: () => request({ body: { ...route.body(), role: 'admin' } }),
    },
    { name: `${label}: a list for the body`, status: 400, build: () => request({ body: [route.body()] }) },
    { name: `${label}: a string for the body`, status: 400, build: () => request({ body: 'hello' }) },
    { name: `${label}: malformed JSON`, status: 400, build: () => raw('{"name": "x",', 'application/json') },
    {
      name: `${label}: a prototype-polluting body`,
      status: 400,
      build: () => raw(`{"__proto__": {"admin": true}}`, 'application/json'),
    },
    { name: `${label}: an XML content-type`, status: 415, build: () => raw('<a>1</a>', 'application/xml') },
    {
      name: `${label}: a form-encoded body`,
      status: 415,
      build: () => raw('a=1', 'application/x-www-form-urlencoded'),
    },
    {
      name: `${label}: JSON sent as text/plain`,
      status: 400,
      build: () => raw(JSON.stringify(route.body()), 'text/plain'),
    },
  );
  if (!route.bodyOptional) {
    cases.push(
      { name: `${label}: an empty JSON body`, status: 400, build: () => raw('', 'application/json') },
      {
        name: `${label}: a JSON body over ${(route.bodyLimit ?? 1024 * 1024) / 1024 / 1024} MB`,
        status: 413,
        build: () =>
          raw(
            JSON.stringify({ ...route.body(), padding: 'x'.repeat(route.bodyLimit ?? 1024 * 1024) }),
            'application/json',
          ),
      },
      { name: `${label}: an empty object`, status: 400, build: () => request({ body: {} }) },
      { name: `${label}: no body at all`, status: 400, build: () => request({}) },
    );
  }
  if (route.path.includes('/:')) {
    for (const id of BAD_IDS) {
      cases.push({
        name: `${label}: the id ${JSON.stringify(id)}`,
        status: badIdStatus(route.path),
        build: () => request({ url: route.url(encodeURIComponent(id)), body: route.body() }),
      });
    }
  }
  return cases;
}

const JSON_ROUTES: JsonRoute[] = [
  {
    method: 'POST',
    path: '/api/users/sign-up',
    who: 'anonymous',
    url: () => '/api/users/sign-up',
    body: () => newCustomer(),
  },
  {
    method: 'POST',
    path: '/api/users/sign-in',
    who: 'anonymous',
    url: () => '/api/users/sign-in',
    body: () => ({ email: a.email, password: 'secret123' }),
  },
  {
    method: 'POST',
    path: '/api/users/addAddress/:id',
    who: 'customer',
    url: (id = a.id) => `/api/users/addAddress/${id}`,
    body: () => ({ newAddress: '99 Luna St, Pasig' }),
  },
  {
    method: 'DELETE',
    path: '/api/users/deleteAddress/:id',
    who: 'customer',
    url: (id = a.id) => `/api/users/deleteAddress/${id}`,
    body: () => ({ address: ADDRESS_OF_A }),
  },
  {
    method: 'DELETE',
    path: '/api/users/me',
    who: 'customer',
    url: () => '/api/users/me',
    body: () => ({ password: 'secret123' }),
  },
  {
    method: 'DELETE',
    path: '/api/users/delete/:id',
    who: 'admin',
    url: (id = b.id) => `/api/users/delete/${id}`,
    body: () => ({ _id: b.id }),
    bodyOptional: true,
  },
  {
    method: 'POST',
    path: '/api/admin/sign-in',
    who: 'anonymous',
    url: () => '/api/admin/sign-in',
    body: () => ({ username: ADMIN.username, password: ADMIN.password }),
  },
  {
    method: 'POST',
    path: '/api/admin/staff/invites',
    who: 'admin',
    url: () => '/api/admin/staff/invites',
    body: () => ({ email: 'new.staff@example.com', name: 'Maria Santos', role: 'support' }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/staff/:id',
    who: 'admin',
    url: (id = UNKNOWN_ID) => `/api/admin/staff/${id}`,
    body: () => ({ role: 'support', suspended: false }),
    optional: ['role', 'suspended'],
  },
  {
    method: 'POST',
    path: '/api/admin/invites/check',
    who: 'anonymous',
    url: () => '/api/admin/invites/check',
    body: () => ({ token: UNUSED_LINK }),
  },
  {
    method: 'POST',
    path: '/api/admin/invites/accept',
    who: 'anonymous',
    url: () => '/api/admin/invites/accept',
    body: () => ({ token: UNUSED_LINK, username: 'new-staffer', password: 'a-new-secret-9' }),
  },
  {
    method: 'POST',
    path: '/api/users/forgot-password',
    who: 'anonymous',
    url: () => '/api/users/forgot-password',
    body: () => ({ email: a.email }),
  },
  {
    method: 'POST',
    path: '/api/users/reset-password/check',
    who: 'anonymous',
    url: () => '/api/users/reset-password/check',
    body: () => ({ token: UNUSED_LINK }),
  },
  {
    method: 'POST',
    path: '/api/users/reset-password',
    who: 'anonymous',
    url: () => '/api/users/reset-password',
    body: () => ({ token: UNUSED_LINK, password: 'a-new-secret-9' }),
  },
  {
    method: 'POST',
    path: '/api/users/verify-email',
    who: 'anonymous',
    url: () => '/api/users/verify-email',
    body: () => ({ token: UNUSED_LINK }),
  },
  {
    method: 'POST',
    path: '/api/users/me/password',
    who: 'customer',
    url: () => '/api/users/me/password',
    body: () => ({ currentPassword: 'secret123', password: 'a-new-secret-9' }),
  },
  {
    method: 'POST',
    path: '/api/admin/me/password',
    who: 'admin',
    url: () => '/api/admin/me/password',
    body: () => ({ currentPassword: ADMIN.password, password: 'a-new-secret-9' }),
  },
  {
    method: 'PATCH',
    path: '/api/product/edit/:id',
    who: 'admin',
    url: (id = product.id) => `/api/product/edit/${id}`,
    body: editBody,
  },
  {
    method: 'PATCH',
    path: '/api/product/stock/:id',
    who: 'admin',
    url: (id = product.id) => `/api/product/stock/${id}`,
    body: () => ({ trackStock: true, ...stockChange(product, { delta: 5 }) }),
    optional: ['trackStock', 'changes'],
  },
  {
    method: 'DELETE',
    path: '/api/product/delete/:id',
    who: 'admin',
    url: (id = product.id) => `/api/product/delete/${id}`,
    body: () => ({ _id: product.id }),
    bodyOptional: true,
  },
  {
    method: 'POST',
    path: '/api/orders/placed-order',
    who: 'customer',
    url: () => '/api/orders/placed-order',
    body: () => orderBodyFor(a, [orderLineFor(product)]),
    headers: () => ({ [IDEMPOTENCY_KEY_HEADER]: randomUUID() }),
    // The client's delivery option also carries value and date; the server ignores the date.
    open: ['cart.0.deliveryOption'],
  },
  {
    method: 'POST',
    path: '/api/discounts/check',
    who: 'customer',
    url: () => '/api/discounts/check',
    body: () => ({ discountCode: CODE, subtotal: '699.00' }),
  },
  {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    who: 'anonymous',
    url: () => '/api/newsletter/subscribe',
    body: () => ({ email: `bad.input.${randomUUID()}@example.com` }),
  },
  {
    method: 'POST',
    path: '/api/newsletter/confirm',
    who: 'anonymous',
    url: () => '/api/newsletter/confirm',
    body: () => ({ token: confirmToken }),
  },
  {
    method: 'POST',
    path: '/api/admin/discounts',
    who: 'admin',
    url: () => '/api/admin/discounts',
    body: () => ({
      code: `NEW${randomUUID().slice(0, 8)}`,
      kind: 'fixed',
      value: '150.00',
      minSpend: '500.00',
      startsAt: '2026-12-01T00:00:00+08:00',
      endsAt: '2027-01-01T00:00:00+08:00',
      totalUses: 100,
      perCustomerUses: 1,
      email: 'shopper@example.com',
      active: true,
    }),
    optional: ['minSpend', 'startsAt', 'endsAt', 'totalUses', 'perCustomerUses', 'email', 'active'],
  },
  {
    method: 'PATCH',
    path: '/api/admin/discounts/:id',
    who: 'admin',
    url: (id = discount) => `/api/admin/discounts/${id}`,
    body: () => ({ active: true }),
  },
  {
    method: 'PATCH',
    path: '/api/orders/statusUpdate/:id',
    who: 'admin',
    url: (id = orderOfA) => `/api/orders/statusUpdate/${id}`,
    body: () => ({ updatedStatus: ['delivered'], userId: a.id }),
    optional: ['userId'],
  },
  {
    method: 'DELETE',
    path: '/api/orders/delete/:id',
    who: 'admin',
    url: (id = orderOfA) => `/api/orders/delete/${id}`,
    body: () => ({ _id: orderOfA }),
    bodyOptional: true,
  },
  {
    method: 'POST',
    path: '/api/shipments',
    who: 'admin',
    url: () => '/api/shipments',
    body: () => shipmentBody(),
    optional: ['courierName'],
  },
  {
    method: 'POST',
    path: '/api/shipments/csv/check',
    who: 'admin',
    url: () => '/api/shipments/csv/check',
    body: () => ({ csv: shipmentCsv() }),
  },
  {
    method: 'POST',
    path: '/api/shipments/csv',
    who: 'admin',
    url: () => '/api/shipments/csv',
    body: () => ({ csv: shipmentCsv(), rows: [2] }),
  },
  {
    method: 'POST',
    path: '/api/admin/catalogue/csv/check',
    who: 'admin',
    url: () => '/api/admin/catalogue/csv/check',
    body: () => ({ csv: CATALOGUE_CSV }),
    bodyLimit: CATALOGUE_CSV_BODY_LIMIT,
  },
  {
    method: 'POST',
    path: '/api/admin/catalogue/csv',
    who: 'admin',
    url: () => '/api/admin/catalogue/csv',
    body: () => ({ csv: CATALOGUE_CSV, token: 'a-dry-run-token' }),
    bodyLimit: CATALOGUE_CSV_BODY_LIMIT,
  },
  {
    method: 'PUT',
    path: '/api/size-charts/:category/:kind',
    who: 'admin',
    url: (category = 'Men') => `/api/size-charts/${category}/tops`,
    body: () => ({ rows: DEFAULT_SIZE_CHARTS.Men.tops }),
  },
  {
    method: 'POST',
    path: '/api/returns',
    who: 'customer',
    url: () => '/api/returns',
    body: () => ({
      itemId: returnsOfA.line,
      kind: 'exchange',
      reason: 'wrongSize',
      size: 'M',
      note: 'Too snug',
    }),
    optional: ['note'],
  },
  {
    method: 'POST',
    path: '/api/returns/:id/refuse',
    who: 'admin',
    url: (id = returnsOfA.requested) => `/api/returns/${id}/refuse`,
    body: () => ({ reason: 'Worn and washed' }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/received',
    who: 'admin',
    url: (id = returnsOfA.approved) => `/api/returns/${id}/received`,
    body: () => ({ damaged: false }),
    optional: ['damaged'],
    bodyOptional: true,
  },
  {
    method: 'POST',
    path: '/api/returns/:id/replacement',
    who: 'admin',
    url: (id = returnsOfA.exchange) => `/api/returns/${id}/replacement`,
    body: () => ({ courier: 'lbc', trackingNumber: 'LBC-12345678', shippedOn: '2026-11-28' }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/refund',
    who: 'admin',
    url: (id = returnsOfA.refund) => `/api/returns/${id}/refund`,
    body: () => ({ reference: 'GC-12345', note: 'Given back by GCash' }),
    optional: ['reference', 'note'],
    bodyOptional: true,
  },
  {
    method: 'PUT',
    path: '/api/returns/settings',
    who: 'admin',
    url: () => '/api/returns/settings',
    body: () => ({ windowDays: 7 }),
  },
  {
    method: 'POST',
    path: '/api/orders/:id/cancel',
    who: 'customer',
    url: (id = orderOfA) => `/api/orders/${id}/cancel`,
    body: () => ({ items: [lineOfA] }),
  },
  {
    method: 'PUT',
    path: '/api/payments/settings',
    who: 'admin',
    url: () => '/api/payments/settings',
    body: () => ({ ...SETTINGS_ON }),
    optional: ['codMaxTotal'],
  },
  {
    method: 'POST',
    path: '/api/payments/accounts',
    who: 'admin',
    url: () => '/api/payments/accounts',
    // A bank account, whose bank's name is then required.
    body: accountBody,
    optional: ['qrImageUrl'],
  },
  {
    method: 'PUT',
    path: '/api/payments/accounts/:id',
    who: 'admin',
    url: (id = accountId) => `/api/payments/accounts/${id}`,
    body: accountBody,
    optional: ['qrImageUrl'],
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/transfer-reference',
    who: 'customer',
    url: (id = referencedTransferOfA) => `/api/payments/orders/${id}/transfer-reference`,
    body: () => ({ reference: 'GC 1234 5678' }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/collections',
    who: 'admin',
    url: (id = paidCodOfA) => `/api/payments/orders/${id}/collections`,
    body: () => ({ amount: '0.01', reference: 'RIDER-001', note: 'Paid to the rider' }),
    optional: ['reference', 'note'],
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/transfer/confirm',
    who: 'admin',
    url: (id = referencedTransferOfA) => `/api/payments/orders/${id}/transfer/confirm`,
    body: () => ({ amount: '0.01', reference: 'GC 1234 5678', note: 'Seen in the GCash app' }),
    optional: ['reference', 'note'],
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/transfer/reject',
    who: 'admin',
    url: (id = referencedTransferOfA) => `/api/payments/orders/${id}/transfer/reject`,
    body: () => ({ reason: 'No transfer with this reference' }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/refunds',
    who: 'admin',
    url: (id = paidCodOfA) => `/api/payments/orders/${id}/refunds`,
    // A refund given back by hand needs its reference (the order is paid on delivery).
    body: () => ({ amount: '0.01', reference: 'MATRIX-REF-1', note: 'Given back in cash' }),
    optional: ['note'],
  },
];

// ---------------------------------------------------------------------------------------------
// Multipart routes

interface MultipartRoute {
  method: Method;
  path: string;
  who: Who;
  url: (id?: string) => string;
  fields: () => Record<string, string>;
  files: () => FilePart[];
  required: string[];
  fileFields: string[];
}

function multipartCases(route: MultipartRoute): Case[] {
  const label = `${route.method} ${route.path}`;
  const request = async (
    fields: Record<string, string> | [string, string][],
    files: FilePart[] = route.files(),
    url = route.url(),
  ): Promise<Req> => ({
    method: route.method,
    url,
    cookie: cookieOf(route.who),
    ...(await multipartBody(fields, files)),
  });
  const raw = (payload: string | Buffer, contentType: string): Req => ({
    method: route.method,
    url: route.url(),
    cookie: cookieOf(route.who),
    payload,
    headers: { 'content-type': contentType },
  });
  const without = (name: string) =>
    Object.fromEntries(Object.entries(route.fields()).filter(([key]) => key !== name));
  const cases: Case[] = [];
  for (const name of route.required) {
    cases.push({ name: `${label}: missing ${name}`, status: 400, build: () => request(without(name)) });
  }
  for (const name of Object.keys(route.fields())) {
    cases.push(
      {
        name: `${label}: 10,000 characters in ${name}`,
        status: 400,
        build: () => request({ ...route.fields(), [name]: LONG }),
      },
      {
        name: `${label}: a file for ${name}`,
        status: 400,
        build: () => request(without(name), [...route.files(), [name, png]]),
      },
      {
        name: `${label}: ${name} sent twice`,
        status: 400,
        build: () => request([...Object.entries(route.fields()), [name, route.fields()[name]!]]),
      },
    );
  }
  for (const field of route.fileFields) {
    const others = () => route.files().filter(([name]) => name !== field);
    cases.push(
      {
        name: `${label}: a text file named .png in ${field}`,
        status: 415,
        message: 'Only png, jpeg, jpg and svg images are accepted',
        build: () =>
          request(route.fields(), [
            ...others(),
            [field, Buffer.from('just some text, not an image'), 'photo.png'],
          ]),
      },
      {
        name: `${label}: a PNG header on garbage in ${field}`,
        // Unreadable (400) or not an image (415): either way refused.
        status: [400, 415],
        build: () =>
          request(route.fields(), [
            ...others(),
            [field, Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 7)]), 'broken.png'],
          ]),
      },
      {
        name: `${label}: a file over 5 MB in ${field}`,
        status: 413,
        message: 'Each image must be at most 5 MB',
        build: () =>
          request(route.fields(), [
            ...others(),
            [field, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'huge.png'],
          ]),
      },
    );
  }
  cases.push(
    {
      name: `${label}: an extra field`,
      status: 400,
      build: () => request({ ...route.fields(), role: 'admin' }),
    },
    {
      name: `${label}: an extra file`,
      status: 400,
      build: () => request(route.fields(), [...route.files(), ['avatar', png]]),
    },
    {
      name: `${label}: a field named __proto__`,
      status: 400,
      build: () => request([...Object.entries(route.fields()), ['__proto__', '{"admin":true}']]),
    },
    {
      name: `${label}: a text field of 100 KB`,
      build: () => request({ ...route.fields(), [route.required[0] ?? 'note']: 'x'.repeat(100 * 1024) }),
    },
    {
      name: `${label}: 25 text fields`,
      status: 413,
      message: 'Too many form fields',
      build: () =>
        request({
          ...route.fields(),
          ...Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, 'x'])),
        }),
    },
    {
      name: `${label}: a malformed multipart body`,
      status: 400,
      message: 'The form could not be read',
      build: () =>
        raw(
          '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nunterminated',
          'multipart/form-data; boundary=xyz',
        ),
    },
    {
      name: `${label}: a multipart type with no boundary`,
      status: 400,
      message: 'The form could not be read',
      build: () => raw('name=x', 'multipart/form-data'),
    },
    {
      name: `${label}: an empty multipart body`,
      status: 400,
      build: () => raw('', 'multipart/form-data; boundary=xyz'),
    },
    {
      name: `${label}: a JSON body`,
      status: 415,
      message: 'Expected a multipart form',
      build: () => raw(JSON.stringify(route.fields()), 'application/json'),
    },
    { name: `${label}: an XML content-type`, status: 415, build: () => raw('<a>1</a>', 'application/xml') },
    {
      name: `${label}: no body at all`,
      status: 415,
      build: () => ({ method: route.method, url: route.url(), cookie: cookieOf(route.who) }),
    },
  );
  if (route.path.includes('/:')) {
    for (const id of BAD_IDS) {
      cases.push({
        name: `${label}: the id ${JSON.stringify(id)}`,
        status: badIdStatus(route.path),
        build: () => request(route.fields(), route.files(), route.url(encodeURIComponent(id))),
      });
    }
  }
  return cases;
}

const MULTIPART_ROUTES: MultipartRoute[] = [
  {
    method: 'PATCH',
    path: '/api/users/:id',
    who: 'customer',
    url: (id = a.id) => `/api/users/${id}`,
    fields: () => ({ name: 'Renamed Shopper', email: a.email, contactNumber: '+639998887777' }),
    files: () => [['imageUrl', png]],
    required: ['name', 'email', 'contactNumber'],
    fileFields: ['imageUrl'],
  },
  {
    method: 'PATCH',
    path: '/api/admin/:id',
    who: 'admin',
    url: (id = admin.id) => `/api/admin/${id}`,
    fields: () => ({ username: 'renamed-admin', email: 'renamed@example.com' }),
    files: () => [['imageUrl', png]],
    required: ['username', 'email'],
    fileFields: ['imageUrl'],
  },
  {
    method: 'POST',
    path: '/api/product/add',
    who: 'admin',
    url: () => '/api/product/add',
    fields: addForm,
    files: () => [
      ['imageUrl', png],
      ['varImgUrls', png],
    ],
    required: ['name', 'description', 'price'],
    fileFields: ['imageUrl', 'varImgUrls'],
  },
  {
    method: 'PUT',
    path: '/api/payments/orders/:id/transfer-proof',
    who: 'customer',
    url: (id = referencedTransferOfA) => `/api/payments/orders/${id}/transfer-proof`,
    fields: () => ({}),
    files: () => [['proof', png]],
    required: [],
    fileFields: ['proof'],
  },
  {
    method: 'PUT',
    path: '/api/returns/:id/photos',
    who: 'customer',
    url: (id = returnsOfA.requested) => `/api/returns/${id}/photos`,
    fields: () => ({}),
    files: () => [['photo', png]],
    required: [],
    fileFields: ['photo'],
  },
  {
    method: 'PUT',
    path: '/api/payments/accounts/:id/qr-image',
    who: 'admin',
    url: (id = accountId) => `/api/payments/accounts/${id}/qr-image`,
    fields: () => ({}),
    files: () => [['qrImage', png]],
    required: [],
    fileFields: ['qrImage'],
  },
];

/** The catalogue ZIP's two routes: one file, `file`, and the apply's `token`. */
const ZIP_ROUTES = [
  { path: '/api/admin/catalogue/zip/check', fields: (): Record<string, string> => ({}) },
  { path: '/api/admin/catalogue/zip', fields: (): Record<string, string> => ({ token: 'a-dry-run-token' }) },
];
const catalogueZip = () => makeZip([{ name: 'catalogue.csv', data: Buffer.from(CATALOGUE_CSV) }]);

function zipCases({ path, fields }: (typeof ZIP_ROUTES)[number]): Case[] {
  const label = `POST ${path}`;
  const request = async (
    form: Record<string, string> | [string, string][] = fields(),
    files: FilePart[] = [['file', catalogueZip(), 'catalogue.zip', 'application/zip']],
  ): Promise<Req> => ({
    method: 'POST',
    url: path,
    cookie: cookieOf('admin'),
    ...(await multipartBody(form, files)),
  });
  const cases: Case[] = [
    {
      name: `${label}: JSON, not a form`,
      status: 415,
      build: () => ({
        method: 'POST',
        url: path,
        cookie: cookieOf('admin'),
        payload: { csv: CATALOGUE_CSV },
      }),
    },
    {
      name: `${label}: no file`,
      status: 400,
      message: 'Choose a ZIP file',
      build: () => request(fields(), []),
    },
    {
      name: `${label}: a file that is not a ZIP`,
      status: 400,
      message: CATALOGUE_ZIP_MESSAGES.unreadable,
      build: () =>
        request(fields(), [['file', Buffer.from(CATALOGUE_CSV), 'catalogue.zip', 'application/zip']]),
    },
    {
      name: `${label}: two files`,
      status: [400, 413],
      build: () =>
        request(fields(), [
          ['file', catalogueZip(), 'a.zip', 'application/zip'],
          ['file', catalogueZip(), 'b.zip', 'application/zip'],
        ]),
    },
    {
      name: `${label}: a file in another field`,
      status: [400, 413],
      build: () => request(fields(), [['photos', catalogueZip(), 'a.zip', 'application/zip']]),
    },
    {
      name: `${label}: a ZIP over 50 MB`,
      status: 413,
      message: CATALOGUE_ZIP_MESSAGES.tooLarge,
      build: () =>
        request(fields(), [
          [
            'file',
            makeZip([{ name: 'big.bin', data: Buffer.alloc(51 * 1024 * 1024), method: 0 }]),
            'big.zip',
          ],
        ]),
    },
    { name: `${label}: an extra field`, status: 400, build: () => request({ ...fields(), role: 'admin' }) },
    {
      name: `${label}: a field named __proto__`,
      status: 400,
      build: () => request([...Object.entries(fields()), ['__proto__', '{"admin":true}']]),
    },
  ];
  if ('token' in fields()) {
    cases.push(
      { name: `${label}: missing token`, status: 400, build: () => request({}) },
      { name: `${label}: 10,000 characters in token`, status: 400, build: () => request({ token: LONG }) },
      { name: `${label}: a token on two lines`, status: 400, build: () => request({ token: 'a\nb' }) },
    );
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------
// Everything else: queries, ids, headers and the business rules' refusals.

const otherCases = (): Case[] => {
  const asAdmin = (method: Method, url: string, payload?: unknown): Req => ({
    method,
    url,
    cookie: admin.cookie,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  const asA = (method: Method, url: string, payload?: unknown, headers?: Record<string, string>): Req => ({
    method,
    url,
    cookie: a.cookie,
    ...(payload === undefined ? {} : { payload: payload as Json }),
    ...(headers ? { headers } : {}),
  });
  const order = (body: Json, key: string = randomUUID()) =>
    asA('POST', '/api/orders/placed-order', body, { [IDEMPOTENCY_KEY_HEADER]: key });
  const line = (changes: Json) => {
    const body = orderBodyFor(a, [orderLineFor(product)]);
    return { ...body, cart: [{ ...body.cart[0]!, ...changes }] };
  };
  const cases: Case[] = [];
  // Control characters, which PostgreSQL would refuse (NUL) or a page would render: one rule.
  const controls: [string, Req | (() => Req)][] = [
    [
      'POST /api/users/sign-up: a NUL in the name',
      {
        method: 'POST',
        url: '/api/users/sign-up',
        payload: {
          name: 'Ana\u0000',
          email: 'nul@example.com',
          contactNumber: '+639171234567',
          password: 'secret123',
        },
      },
    ],
    [
      'POST /api/users/addAddress/:id: a NUL in the address',
      () => asA('POST', `/api/users/addAddress/${a.id}`, { newAddress: '12 Mabini\u0000' }),
    ],
    [
      'POST /api/admin/sign-in: a NUL in the username',
      {
        method: 'POST',
        url: '/api/admin/sign-in',
        payload: { username: 'adm\u0000in', password: 'secret123' },
      },
    ],
    [
      'PATCH /api/product/edit/:id: an escape in the name',
      () =>
        asAdmin('PATCH', `/api/product/edit/${product.id}`, { ...editBody(), updatedName: 'Tee\u001b[31m' }),
    ],
    [
      'POST /api/orders/placed-order: a NUL in the address',
      () => order(orderBodyFor(a, [orderLineFor(product)], { address: 'Manila\u0000' })),
    ],
  ];
  for (const [name, build] of controls) {
    cases.push({
      name,
      status: 400,
      build: typeof build === 'function' ? build : () => build,
    });
  }
  const listQueries: [string, Who][] = [
    ['/api/users/all', 'admin'],
    ['/api/orders/all', 'admin'],
    ['/api/product/admin-list', 'admin'],
    ['/api/admin/discounts', 'admin'],
    ['/api/admin/emails', 'admin'],
    ['/api/admin/subscribers', 'admin'],
    ['/api/admin/subscribers/export', 'admin'],
    ['/api/admin/audit', 'admin'],
  ];
  for (const [url, who] of listQueries) {
    for (const query of [
      'role=admin',
      'limit=abc',
      'limit=0',
      'limit=1000',
      'offset=-1',
      'sort=password',
      'order=sideways',
      `q=${LONG}`,
      'q[a]=b',
    ]) {
      cases.push({
        name: `GET ${url}?${query.slice(0, 20)}`,
        status: 400,
        build: () => ({ method: 'GET', url: `${url}?${query}`, cookie: cookieOf(who) }),
      });
    }
  }
  // Packing slips: one order id or a list of them.
  for (const query of [
    '',
    'orderId=',
    'orderId=nope',
    'orderId[a]=b',
    'role=admin&orderId=3b241101-e2bb-4255-8caf-4136c566a962',
    Array.from({ length: 51 }, () => `orderId=${UNKNOWN_ID}`).join('&'),
  ]) {
    cases.push({
      name: `GET /api/shipments/packing-slips?${query.slice(0, 20)}`,
      status: 400,
      build: () => ({
        method: 'GET',
        url: `/api/shipments/packing-slips?${query}`,
        cookie: cookieOf('admin'),
      }),
    });
  }
  // The Emails table's status filter.
  for (const query of ['status=lost', 'status=', 'status=sent&status=failed', 'status[a]=sent']) {
    cases.push({
      name: `GET /api/admin/emails?${query}`,
      status: 400,
      build: () => ({ method: 'GET', url: `/api/admin/emails?${query}`, cookie: cookieOf('admin') }),
    });
  }
  // The Subscribers table's status filter, on the page and in its CSV.
  for (const url of ['/api/admin/subscribers', '/api/admin/subscribers/export']) {
    for (const query of ['status=gone', 'status=', 'status=pending&status=subscribed', 'status[a]=pending']) {
      cases.push({
        name: `GET ${url}?${query}`,
        status: 400,
        build: () => ({ method: 'GET', url: `${url}?${query}`, cookie: cookieOf('admin') }),
      });
    }
  }
  // The Audit log's filters, on the page and in its CSV: a kind of record, real days in order.
  for (const url of ['/api/admin/audit', '/api/admin/audit/export']) {
    for (const query of [
      'entity=Product',
      'entity=',
      'entity=product&entity=order',
      'entity[a]=product',
      'admin=',
      `admin=${LONG}`,
      'admin=a%00b',
      'from=2026-02-30',
      'from=2026-10-31&to=2026-10-01',
      'to=x',
      'limit=5&role=owner',
    ]) {
      cases.push({
        name: `GET ${url}?${query.slice(0, 30)}`,
        status: 400,
        build: () => ({ method: 'GET', url: `${url}?${query}`, cookie: cookieOf('admin') }),
      });
    }
  }
  // The dashboard's period: a named range, or two real dates in order, at most a year and a day apart.
  for (const query of [
    'range=year',
    'range=',
    'range=custom',
    'range=custom&from=2026-10-01',
    'range=custom&from=2026-10-31&to=2026-10-01',
    'range=custom&from=2024-01-01&to=2026-01-01',
    'range=7d&from=2026-10-01&to=2026-10-02',
    'range=custom&from=2026-02-30&to=2026-03-01',
    'range=custom&from=1999-12-31&to=2000-01-01',
    'range=today&range=7d',
    'range[a]=today',
    'role=admin',
    `range=custom&from=${LONG}&to=2026-10-01`,
  ]) {
    cases.push({
      name: `GET /api/admin/dashboard?${query.slice(0, 30)}`,
      status: 400,
      build: () => ({ method: 'GET', url: `/api/admin/dashboard?${query}`, cookie: cookieOf('admin') }),
    });
  }
  // The reports' period: both dates, real and in order; the stock report takes none.
  for (const report of ['orders', 'payments', 'sales-by-product']) {
    for (const query of [
      '',
      'from=2026-10-01',
      'from=2026-10-01&to=x',
      'from=2026-10-31&to=2026-10-01',
      'from=2000-01-01&to=2099-12-31',
      'from=2026-10-01&to=2026-10-31&limit=5',
      'from[a]=b&to=2026-10-01',
      'from=2026-10-01&from=2026-10-02&to=2026-10-31',
    ]) {
      cases.push({
        name: `GET /api/admin/reports/${report}?${query.slice(0, 30)}`,
        status: 400,
        build: () => ({
          method: 'GET',
          url: `/api/admin/reports/${report}?${query}`,
          cookie: cookieOf('admin'),
        }),
      });
    }
  }
  for (const query of ['from=2026-10-01', 'limit=5']) {
    cases.push({
      name: `GET /api/admin/reports/stock?${query}`,
      status: 400,
      build: () => ({ method: 'GET', url: `/api/admin/reports/stock?${query}`, cookie: cookieOf('admin') }),
    });
    cases.push({
      name: `GET /api/admin/catalogue/csv?${query}`,
      status: 400,
      build: () => ({ method: 'GET', url: `/api/admin/catalogue/csv?${query}`, cookie: cookieOf('admin') }),
    });
  }
  // An unsubscribe link's token: missing, malformed, doubled or nested.
  for (const query of [
    '',
    'token=short',
    `token=${'A'.repeat(43)}&token=${'B'.repeat(43)}`,
    'token[a]=b',
    `token=${LONG}`,
  ]) {
    cases.push({
      name: `POST /api/newsletter/unsubscribe?${query}`,
      status: 400,
      build: () => ({ method: 'POST', url: `/api/newsletter/unsubscribe?${query}` }),
    });
  }
  // The products table's stock filter and sort.
  for (const query of ['stock=plenty', 'stock=', 'stock=low&stock=soldOut', 'stock[a]=low', 'sort=stocks']) {
    cases.push({
      name: `GET /api/product/admin-list?${query}`,
      status: 400,
      build: () => ({ method: 'GET', url: `/api/product/admin-list?${query}`, cookie: cookieOf('admin') }),
    });
  }
  for (const query of [
    'role=admin',
    'category=Aliens',
    'subCategory=Hats',
    `category=${Array(11).fill('Men').join('&category=')}`,
    'category[a]=Men',
    'sort=cheapest',
    'limit=abc',
    'limit=101',
    `q=${LONG}`,
    `cursor=${LONG}`,
    'cursor=not-a-cursor',
    // Cursors forged to reach SQL: a NUL, a non-uuid id, a date that does not exist, a price of words.
    `cursor=${forgedCursor({ v: '2026-01-01 00:00:00\u0000', id: UNKNOWN_ID })}`,
    `cursor=${forgedCursor({ v: '2026-01-01 00:00:00+00', id: '-'.repeat(36) })}`,
    `cursor=${forgedCursor({ v: '2026-02-30 00:00:00+00', id: UNKNOWN_ID })}`,
    `sort=asc&cursor=${forgedCursor({ v: '1 or 1=1', id: UNKNOWN_ID })}`,
    'q=%00',
    'q=shirt%1B',
    // A search ranked by relevance pages by an offset: only a whole number in range.
    'q=shirt&cursor=not-a-cursor',
    `q=shirt&cursor=${forgedCursor({ o: -24 })}`,
    `q=shirt&cursor=${forgedCursor({ o: 0 })}`,
    `q=shirt&cursor=${forgedCursor({ o: 2.5 })}`,
    `q=shirt&cursor=${forgedCursor({ o: '24' })}`,
    `q=shirt&cursor=${forgedCursor({ o: 1e12 })}`,
    `q=shirt&cursor=${forgedCursor({ v: '2026-01-01 00:00:00+00', id: UNKNOWN_ID })}`,
    // ... and a price or date order never takes one.
    `q=shirt&sort=asc&cursor=${forgedCursor({ o: 24 })}`,
    `cursor=${forgedCursor({ o: 24 })}`,
  ]) {
    cases.push({
      name: `GET /api/product/all?${query.slice(0, 20)}`,
      status: 400,
      build: () => ({ method: 'GET', url: `/api/product/all?${query}` }),
    });
  }
  // The header search's suggestions: something to search for, on one line, not too long.
  const blankSearch = `q: ${SEARCH_MESSAGES.blank} (querystring)`;
  for (const [query, message] of [
    ['q=', blankSearch],
    ['q=%20%20%20', blankSearch],
    ['', undefined],
    [`q=${LONG}`, undefined],
    ['q=%00', undefined],
    ['q=tee%1B', undefined],
    ['q[a]=b', undefined],
    ['q=tee&q=top', undefined],
    ['q=tee&role=admin', undefined],
  ] as const) {
    cases.push({
      name: `GET /api/product/suggest?${query.slice(0, 20)}`,
      status: 400,
      ...(message ? { message } : {}),
      build: () => ({ method: 'GET', url: `/api/product/suggest?${query}` }),
    });
  }

  const idRoutes: [Method, string, Who][] = [
    ['GET', '/api/product/:id', 'anonymous'],
    ['GET', '/api/size-charts/product/:id', 'anonymous'],
    ['GET', '/api/orders/:id', 'admin'],
    ['GET', '/api/orders/user/:userId', 'customer'],
    ['PATCH', '/api/orders/checkAndUpdateOrder/:id', 'admin'],
    ['GET', '/api/admin/discounts/:id', 'admin'],
    ['GET', '/api/admin/emails/:id', 'admin'],
    ['DELETE', '/api/payments/accounts/:id', 'admin'],
    ['GET', '/api/payments/orders/:id/ledger', 'admin'],
    ['POST', '/api/payments/orders/:id/checkout', 'customer'],
    ['GET', '/api/payments/orders/:id/transfer-proof', 'admin'],
    ['PATCH', '/api/shipments/:id/delivered', 'admin'],
    ['POST', '/api/returns/:id/approve', 'admin'],
    ['POST', '/api/returns/:id/cancel', 'customer'],
    ['GET', '/api/returns/:id/photos/:n', 'admin'],
    ['DELETE', '/api/payments/accounts/:id/qr-image', 'admin'],
    ['DELETE', '/api/users/me/sessions/:id', 'customer'],
    ['DELETE', '/api/admin/me/sessions/:id', 'admin'],
    ['POST', '/api/admin/staff/invites/:id/resend', 'admin'],
    ['DELETE', '/api/admin/staff/invites/:id', 'admin'],
    ['DELETE', '/api/admin/staff/:id', 'admin'],
  ];
  for (const [method, path, who] of idRoutes) {
    const url = (id: string) => path.replace(/:\w+/, id);
    for (const id of BAD_IDS) {
      cases.push({
        name: `${method} ${path}: the id ${JSON.stringify(id)}`,
        status: badIdStatus(path),
        build: () => ({ method, url: url(encodeURIComponent(id)), cookie: cookieOf(who) }),
      });
    }
  }
  // A well-formed id that names nothing: 404.
  const unknown: [Method, (id: string) => string, unknown?][] = [
    ['GET', (id) => `/api/product/${id}`],
    ['GET', (id) => `/api/size-charts/product/${id}`],
    ['GET', (id) => `/api/orders/${id}`],
    ['GET', (id) => `/api/admin/emails/${id}`],
    ['PATCH', (id) => `/api/orders/checkAndUpdateOrder/${id}`],
    ['PATCH', (id) => `/api/orders/statusUpdate/${id}`, { updatedStatus: ['delivered'] }],
    ['PATCH', (id) => `/api/product/edit/${id}`, editBody],
    ['PATCH', (id) => `/api/product/stock/${id}`, { trackStock: true }],
    ['DELETE', (id) => `/api/product/delete/${id}`, { _id: UNKNOWN_ID }],
    ['DELETE', (id) => `/api/orders/delete/${id}`, { _id: UNKNOWN_ID }],
    ['DELETE', (id) => `/api/users/delete/${id}`, { _id: UNKNOWN_ID }],
    ['GET', (id) => `/api/admin/discounts/${id}`],
    ['PATCH', (id) => `/api/admin/discounts/${id}`, { active: false }],
    ['PUT', (id) => `/api/payments/accounts/${id}`, accountBody],
    ['DELETE', (id) => `/api/payments/accounts/${id}`],
    ['GET', (id) => `/api/payments/orders/${id}/ledger`],
    ['POST', (id) => `/api/payments/orders/${id}/collections`, { amount: '1.00' }],
    ['POST', (id) => `/api/payments/orders/${id}/transfer/confirm`, { amount: '1.00' }],
    [
      'POST',
      (id) => `/api/payments/orders/${id}/transfer/reject`,
      { reason: 'No transfer with this reference' },
    ],
    ['POST', (id) => `/api/payments/orders/${id}/refunds`, { amount: '1.00', reference: 'MATRIX-REF-1' }],
    ['GET', (id) => `/api/payments/orders/${id}/transfer-proof`],
    ['PATCH', (id) => `/api/shipments/${id}/delivered`],
    ['POST', (id) => `/api/returns/${id}/approve`],
    ['POST', (id) => `/api/returns/${id}/refuse`, { reason: 'Worn' }],
    ['POST', (id) => `/api/returns/${id}/received`, {}],
    [
      'POST',
      (id) => `/api/returns/${id}/replacement`,
      { courier: 'lbc', trackingNumber: 'LBC-12345678', shippedOn: '2026-11-28' },
    ],
    ['POST', (id) => `/api/returns/${id}/refund`, {}],
    ['GET', (id) => `/api/returns/${id}/photos/0`],
    ['DELETE', (id) => `/api/payments/accounts/${id}/qr-image`],
    ['POST', (id) => `/api/admin/staff/invites/${id}/resend`],
    ['DELETE', (id) => `/api/admin/staff/invites/${id}`],
    ['PATCH', (id) => `/api/admin/staff/${id}`, { role: 'support' }],
    ['DELETE', (id) => `/api/admin/staff/${id}`],
  ];
  for (const [method, url, payload] of unknown) {
    cases.push({
      name: `${method} ${url(':id')}: an unknown id`,
      status: 404,
      build: () => asAdmin(method, url(UNKNOWN_ID), typeof payload === 'function' ? payload() : payload),
    });
  }
  // Staff: what the owner cannot do, and invites that cannot be.
  cases.push(
    ...[{ role: 'manager' }, { suspended: true }, undefined].map((payload) => ({
      name: `${payload ? 'PATCH' : 'DELETE'} /api/admin/staff/:id: the last owner ${JSON.stringify(payload ?? 'removed')}`,
      status: 409,
      message: STAFF_MESSAGES.lastOwner,
      build: () => asAdmin(payload ? 'PATCH' : 'DELETE', `/api/admin/staff/${admin.id}`, payload),
    })),
    {
      name: 'PATCH /api/admin/staff/:id: neither a role nor suspended',
      status: 400,
      message: 'Send a role or whether the member is suspended',
      build: () => asAdmin('PATCH', `/api/admin/staff/${admin.id}`, {}),
    },
    ...['admin', 'Owner', ''].map((role) => ({
      name: `POST /api/admin/staff/invites: the role ${JSON.stringify(role)}`,
      status: 400,
      build: () =>
        asAdmin('POST', '/api/admin/staff/invites', { email: 'x.staff@example.com', name: 'Xena', role }),
    })),
    {
      name: 'POST /api/admin/staff/invites: a member’s own address',
      status: 409,
      message: STAFF_MESSAGES.memberTaken,
      build: () =>
        asAdmin('POST', '/api/admin/staff/invites', { email: ADMIN.email, name: 'Again', role: 'support' }),
    },
    {
      name: 'POST /api/admin/invites/accept: a link no one was mailed',
      status: 404,
      message: STAFF_MESSAGES.badLink,
      build: () => ({
        method: 'POST',
        url: '/api/admin/invites/accept',
        payload: { token: UNUSED_LINK, username: 'nobody-asked', password: 'a-new-secret-9' },
      }),
    },
  );
  // Returns: what cannot be asked, and steps out of turn; a 4xx with a message, nothing written.
  const ask = (body: Json) => asA('POST', '/api/returns', body);
  cases.push(
    {
      name: 'POST /api/returns: day 8 of a 7-day window',
      status: 422,
      message: 'Returns are accepted within 7 days of delivery',
      build: () => ask({ itemId: returnsOfA.lateLine, kind: 'exchange', reason: 'wrongSize', size: 'L' }),
    },
    {
      name: 'POST /api/returns: an item not delivered',
      status: 409,
      message: RETURN_MESSAGES.notDelivered,
      build: () => ask({ itemId: lineOfA, kind: 'return', reason: 'changedMind' }),
    },
    {
      name: 'POST /api/returns: an item already under request',
      status: 409,
      message: RETURN_MESSAGES.open,
      build: async () => {
        const [row] = await queryRows<{ item: string }>(
          t,
          sql`select order_item_id as item from return_requests where id = ${returnsOfA.requested}`,
        );
        return ask({ itemId: row!.item, kind: 'return', reason: 'changedMind' });
      },
    },
    {
      name: 'POST /api/returns: a size the product does not have',
      status: 400,
      message: 'This product has no size XXL',
      build: () => ask({ itemId: returnsOfA.line, kind: 'exchange', reason: 'wrongSize', size: 'XXL' }),
    },
    {
      name: 'POST /api/returns: the size the shopper has',
      status: 400,
      message: RETURN_MESSAGES.chooseOther,
      build: () => ask({ itemId: returnsOfA.line, kind: 'exchange', reason: 'wrongSize', size: 'S' }),
    },
    {
      name: 'POST /api/returns: an unknown reason',
      status: 400,
      build: () => ask({ itemId: returnsOfA.line, kind: 'return', reason: 'bored' }),
    },
    {
      name: 'POST /api/returns: an item of another shopper',
      status: 403,
      build: () => ({
        ...ask({ itemId: returnsOfA.line, kind: 'return', reason: 'changedMind' }),
        cookie: b.cookie,
      }),
    },
    {
      name: 'POST /api/returns: an unknown item',
      status: 404,
      build: () => ask({ itemId: UNKNOWN_ID, kind: 'return', reason: 'changedMind' }),
    },
    {
      name: 'POST /api/returns/:id/received: a request not approved',
      status: 409,
      message: RETURN_MESSAGES.notApproved,
      build: () => asAdmin('POST', `/api/returns/${returnsOfA.requested}/received`, {}),
    },
    {
      name: 'POST /api/returns/:id/replacement: a return, not an exchange',
      status: 409,
      build: () =>
        asAdmin('POST', `/api/returns/${returnsOfA.refund}/replacement`, {
          courier: 'lbc',
          trackingNumber: 'LBC-12345678',
          shippedOn: '2026-11-28',
        }),
    },
    {
      name: 'POST /api/returns/:id/refund: an exchange',
      status: 409,
      build: () => asAdmin('POST', `/api/returns/${returnsOfA.exchange}/refund`, {}),
    },
    {
      name: 'POST /api/returns/:id/approve: a request approved already',
      status: 409,
      build: () => asAdmin('POST', `/api/returns/${returnsOfA.approved}/approve`),
    },
    {
      name: 'POST /api/returns/:id/cancel: a parcel received',
      status: 409,
      message: RETURN_MESSAGES.cannotCancel,
      build: () => asA('POST', `/api/returns/${returnsOfA.exchange}/cancel`),
    },
    {
      name: 'PUT /api/returns/settings: 0 days',
      status: 400,
      build: () => asAdmin('PUT', '/api/returns/settings', { windowDays: 0 }),
    },
    {
      name: 'PUT /api/returns/settings: 91 days',
      status: 400,
      build: () => asAdmin('PUT', '/api/returns/settings', { windowDays: 91 }),
    },
    {
      name: 'POST /api/orders/:id/cancel: a shipped item',
      status: 409,
      build: () => asA('POST', `/api/orders/${shippedOfA.order}/cancel`, { items: [shippedOfA.line] }),
    },
    {
      name: 'POST /api/orders/:id/cancel: an item of another order',
      status: 400,
      build: () => asA('POST', `/api/orders/${orderOfA}/cancel`, { items: [shippedOfA.line] }),
    },
  );
  for (const query of [
    'status=lost',
    'reason=bored',
    'limit=101',
    'offset=-1',
    'status=requested&status=approved',
    'role=admin',
  ]) {
    cases.push({
      name: `GET /api/returns?${query}`,
      status: 400,
      build: () => asAdmin('GET', `/api/returns?${query}`),
    });
  }
  for (const n of ['3', '-1', 'one']) {
    cases.push({
      name: `GET /api/returns/:id/photos/:n: the photo ${n}`,
      status: 400,
      build: () => asAdmin('GET', `/api/returns/${returnsOfA.requested}/photos/${n}`),
    });
  }
  // Passwords: a link that does not work, a common new password, a session that is not the account's.
  const { badLink, common } = PASSWORD_MESSAGES;
  cases.push(
    {
      name: 'POST /api/users/reset-password/check: a link no one was mailed',
      status: 404,
      message: badLink,
      build: () => ({
        method: 'POST',
        url: '/api/users/reset-password/check',
        payload: { token: UNUSED_LINK },
      }),
    },
    {
      name: 'POST /api/users/reset-password: a link no one was mailed',
      status: 404,
      message: badLink,
      build: () => ({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { token: UNUSED_LINK, password: 'a-new-secret-9' },
      }),
    },
    {
      name: 'POST /api/users/reset-password: a common password',
      status: 400,
      message: common,
      build: () => ({
        method: 'POST',
        url: '/api/users/reset-password',
        payload: { token: UNUSED_LINK, password: 'qwerty123' },
      }),
    },
    {
      name: 'POST /api/users/me/password: a common password',
      status: 400,
      message: common,
      build: () =>
        asA('POST', '/api/users/me/password', { currentPassword: 'secret123', password: 'iloveyou' }),
    },
    {
      name: 'POST /api/admin/me/password: a common password',
      status: 400,
      message: common,
      build: () =>
        asAdmin('POST', '/api/admin/me/password', { currentPassword: ADMIN.password, password: 'sunshine' }),
    },
    {
      name: 'DELETE /api/users/me/sessions/:id: an unknown id',
      status: 404,
      build: () => asA('DELETE', `/api/users/me/sessions/${UNKNOWN_ID}`),
    },
    {
      name: 'DELETE /api/admin/me/sessions/:id: an unknown id',
      status: 404,
      build: () => asAdmin('DELETE', `/api/admin/me/sessions/${UNKNOWN_ID}`),
    },
  );
  cases.push({
    name: 'POST /api/payments/orders/:id/transfer-reference: an unknown id',
    status: 404,
    build: () =>
      asA('POST', `/api/payments/orders/${UNKNOWN_ID}/transfer-reference`, { reference: 'GC 1234 5678' }),
  });
  // Screenshots and QR codes: a form of one image, for an order or account that exists and takes it.
  const imageForm = async (
    field: string,
    url: string,
    cookie: string,
    files: FilePart[] = [[field, png]],
  ) => ({
    method: 'PUT' as const,
    url,
    cookie,
    ...(await multipartBody({}, files)),
  });
  cases.push(
    {
      name: 'PUT /api/payments/orders/:id/transfer-proof: an unknown id',
      status: 404,
      build: () => imageForm('proof', `/api/payments/orders/${UNKNOWN_ID}/transfer-proof`, a.cookie),
    },
    {
      name: 'PUT /api/payments/orders/:id/transfer-proof: no reference sent yet',
      status: 409,
      message: 'Send the transfer’s reference number first',
      build: () => imageForm('proof', `/api/payments/orders/${bareTransferOfA}/transfer-proof`, a.cookie),
    },
    {
      name: 'PUT /api/payments/orders/:id/transfer-proof: an order paid on delivery',
      status: 409,
      build: () => imageForm('proof', `/api/payments/orders/${paidCodOfA}/transfer-proof`, a.cookie),
    },
    {
      name: 'PUT /api/payments/orders/:id/transfer-proof: no file',
      status: 400,
      message: 'Choose a screenshot of your transfer',
      build: () =>
        imageForm('proof', `/api/payments/orders/${referencedTransferOfA}/transfer-proof`, a.cookie, []),
    },
    {
      name: 'PUT /api/payments/orders/:id/transfer-proof: two files',
      status: 400,
      build: () =>
        imageForm('proof', `/api/payments/orders/${referencedTransferOfA}/transfer-proof`, a.cookie, [
          ['proof', png],
          ['proof', png],
        ]),
    },
    {
      name: 'GET /api/payments/orders/:id/transfer-proof: an order with no screenshot',
      status: 404,
      build: () => asA('GET', `/api/payments/orders/${referencedTransferOfA}/transfer-proof`),
    },
    {
      name: 'PUT /api/payments/accounts/:id/qr-image: an unknown id',
      status: 404,
      build: () => imageForm('qrImage', `/api/payments/accounts/${UNKNOWN_ID}/qr-image`, admin.cookie),
    },
    {
      name: 'PUT /api/payments/accounts/:id/qr-image: no file',
      status: 400,
      message: 'Choose the QR code image',
      build: () => imageForm('qrImage', `/api/payments/accounts/${accountId}/qr-image`, admin.cookie, []),
    },
  );

  // The delete body is optional (only the path id counts), so an absent one is no reason to refuse.
  for (const url of ['/api/product/delete', '/api/orders/delete', '/api/users/delete']) {
    cases.push({
      name: `DELETE ${url}/:id: an unknown id and no body`,
      status: 404,
      build: () => asAdmin('DELETE', `${url}/${UNKNOWN_ID}`),
    });
  }

  cases.push(
    // Shipments: what only the order's lines can refuse.
    {
      name: 'POST /api/shipments: a line of another order',
      status: 400,
      build: () => asAdmin('POST', '/api/shipments', shipmentBody({ lines: [shippedOfA.line] })),
    },
    {
      name: 'POST /api/shipments: a line shipped already',
      status: 409,
      build: () =>
        asAdmin(
          'POST',
          '/api/shipments',
          shipmentBody({ orderId: shippedOfA.order, lines: [shippedOfA.line] }),
        ),
    },
    {
      name: 'POST /api/shipments: a cancelled line',
      status: 409,
      build: async () => {
        const [line] = await queryRows<{ id: string }>(
          t,
          sql`select id from order_items where order_id = ${cancelledOfA}`,
        );
        return asAdmin('POST', '/api/shipments', shipmentBody({ orderId: cancelledOfA, lines: [line!.id] }));
      },
    },
    {
      name: 'POST /api/shipments: a J&T tracking number of the wrong shape',
      status: 400,
      message: 'trackingNumber: A J&T Express tracking number is 12 digits, or JT and 13 digits',
      build: () => asAdmin('POST', '/api/shipments', shipmentBody({ trackingNumber: 'JT123' })),
    },
    {
      name: 'POST /api/shipments: an unknown courier',
      status: 400,
      build: () => asAdmin('POST', '/api/shipments', shipmentBody({ courier: 'dhl' })),
    },
    {
      name: 'POST /api/shipments: an own rider without a name',
      status: 400,
      build: () =>
        asAdmin(
          'POST',
          '/api/shipments',
          shipmentBody({ courier: 'other', courierName: '', trackingNumber: '' }),
        ),
    },
    {
      name: 'POST /api/shipments: the same line twice',
      status: 400,
      build: () => asAdmin('POST', '/api/shipments', shipmentBody({ lines: [lineOfA, lineOfA] })),
    },
    {
      name: 'POST /api/shipments: an order that does not exist',
      status: 404,
      build: () => asAdmin('POST', '/api/shipments', shipmentBody({ orderId: UNKNOWN_ID })),
    },
    // Shipping by CSV: a file the orders refuse ships nothing, and says so.
    {
      name: 'POST /api/shipments/csv: a row of an order already shipped',
      status: 409,
      build: () => asAdmin('POST', '/api/shipments/csv', { csv: shipmentCsv(shippedOfA.order), rows: [2] }),
    },
    {
      name: 'POST /api/shipments/csv: an order of another shop',
      status: 409,
      build: () => asAdmin('POST', '/api/shipments/csv', { csv: shipmentCsv(UNKNOWN_ID), rows: [2] }),
    },
    {
      name: 'POST /api/shipments/csv: a formula in a cell',
      status: 409,
      build: () =>
        asAdmin('POST', '/api/shipments/csv', {
          csv: `order,courier,tracking\n${orderOfA},LBC,=HYPERLINK("http://x")\n`,
          rows: [2],
        }),
    },
    {
      name: 'POST /api/shipments/csv: rows the check did not find ready',
      status: 409,
      build: () => asAdmin('POST', '/api/shipments/csv', { csv: shipmentCsv(), rows: [2, 3] }),
    },
    {
      name: 'POST /api/shipments/csv: row 1, the header',
      status: 400,
      build: () => asAdmin('POST', '/api/shipments/csv', { csv: shipmentCsv(), rows: [1] }),
    },
    {
      name: 'POST /api/shipments/csv/check: no order column',
      status: 400,
      build: () => asAdmin('POST', '/api/shipments/csv/check', { csv: 'courier,tracking\nLBC,LBC-1\n' }),
    },
    {
      name: 'POST /api/shipments/csv/check: a quote never closed',
      status: 400,
      build: () =>
        asAdmin('POST', '/api/shipments/csv/check', { csv: `order,courier,tracking\n"${orderOfA},LBC,X1\n` }),
    },
    {
      name: 'POST /api/shipments/csv/check: over 256 KB',
      status: 413,
      build: () =>
        asAdmin('POST', '/api/shipments/csv/check', {
          csv: `order,courier,tracking\n${'ñ'.repeat(140_000)}`,
        }),
    },
    {
      name: 'POST /api/shipments/csv/check: 501 rows',
      status: 400,
      build: () =>
        asAdmin('POST', '/api/shipments/csv/check', {
          csv: `order,courier,tracking\n${`${orderOfA},LBC,LBC-1\n`.repeat(501)}`,
        }),
    },
    {
      name: 'GET /api/shipments/packing-slips?orderId=<unknown>',
      status: 404,
      build: () => asAdmin('GET', `/api/shipments/packing-slips?orderId=${orderOfA}&orderId=${UNKNOWN_ID}`),
    },
    {
      name: 'PATCH /api/shipments/:id/delivered: delivered already',
      status: 409,
      build: () => asAdmin('PATCH', `/api/shipments/${shippedOfA.shipment}/delivered`),
    },
    // Stock: what only the product and its stock can refuse.
    {
      name: 'POST /api/orders/placed-order: more than is left in stock',
      status: 409,
      build: () => order(orderBodyFor(a, [orderLineFor(soldOut, { size: 'M' })])),
    },
    {
      name: 'PATCH /api/orders/statusUpdate/:id: restoring a line whose stock is gone',
      status: 409,
      build: () => asAdmin('PATCH', `/api/orders/statusUpdate/${cancelledOfA}`, { updatedStatus: ['toPay'] }),
    },
    {
      name: 'PATCH /api/product/stock/:id: a size the product does not sell',
      status: 400,
      build: () =>
        asAdmin(
          'PATCH',
          `/api/product/stock/${soldOut.id}`,
          stockChange(soldOut, { size: 'US 9', delta: 1 }),
        ),
    },
    {
      name: 'PATCH /api/product/stock/:id: a quantity set against an out-of-date one',
      status: 409,
      build: () =>
        asAdmin(
          'PATCH',
          `/api/product/stock/${soldOut.id}`,
          stockChange(soldOut, { quantity: 9, expected: 4 }),
        ),
    },
    {
      name: 'PATCH /api/product/stock/:id: taking more than is left',
      status: 409,
      build: () => asAdmin('PATCH', `/api/product/stock/${soldOut.id}`, stockChange(soldOut, { delta: -1 })),
    },
    {
      name: 'PATCH /api/product/stock/:id: changes to a product that does not track stock',
      status: 409,
      message: 'This product does not track stock',
      build: () => asAdmin('PATCH', `/api/product/stock/${product.id}`, stockChange(product, { delta: 1 })),
    },
    {
      name: 'PATCH /api/product/stock/:id: tracking off with changes',
      status: 400,
      build: () =>
        asAdmin('PATCH', `/api/product/stock/${soldOut.id}`, {
          trackStock: false,
          ...stockChange(soldOut, { delta: 1 }),
        }),
    },
    // Edit Product's images and variations: what only the product as it is can refuse.
    ...(
      [
        [
          'an image URL the product does not show',
          { imageUrl: '/uploads/0123456789abcdef0123456789abcdef-800.webp' },
          400,
        ],
        ['an upload that was not sent', { imageUrl: { upload: 0 } }, 400],
        [
          'a variation named twice',
          {
            variations: [
              { name: 'Red', imageUrl: product.imageUrl },
              { name: 'Red', imageUrl: product.imageUrl },
            ],
          },
          400,
        ],
        ['a form read before the last change', { seenUpdatedAt: '2000-01-01T00:00:00.000Z' }, 409],
        // SKUs and barcodes: the schema's shape, before the product is read.
        ['codes that are not a list', { codes: 'TEE-M' }, 400],
        ['a code without its SKU', { codes: [{ variation: '', size: 'M', barcode: null }] }, 400],
        [
          'a code with a field of its own',
          { codes: [{ variation: '', size: 'M', sku: 'A', barcode: null, price: 1 }] },
          400,
        ],
        [
          'a barcode as a number',
          { codes: [{ variation: '', size: 'M', sku: 'A', barcode: 4006381333931 }] },
          400,
        ],
        [
          'more codes than a product has rows',
          {
            codes: Array.from({ length: STOCK_LEVELS_MAX + 1 }, (_, i) => ({
              variation: `V${i}`,
              size: 'M',
              sku: `S${i}`,
              barcode: null,
            })),
          },
          400,
        ],
      ] as const
    ).map(([what, extra, status]) => ({
      name: `PATCH /api/product/edit/:id: ${what}`,
      status,
      build: () => asAdmin('PATCH', `/api/product/edit/${product.id}`, { ...editBody(), ...extra }),
    })),
    {
      name: 'PATCH /api/product/edit/:id: a form whose product is not JSON',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ product: '{"updatedName":' }, [['images', png]])),
        method: 'PATCH',
        url: `/api/product/edit/${product.id}`,
        cookie: admin.cookie,
      }),
    },
    {
      name: 'PATCH /api/product/edit/:id: a form with an image no field names',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ product: JSON.stringify(editBody()) }, [['images', png]])),
        method: 'PATCH',
        url: `/api/product/edit/${product.id}`,
        cookie: admin.cookie,
      }),
    },
    {
      name: 'PATCH /api/product/edit/:id: a form with a file that is no image',
      status: 415,
      build: async () => ({
        ...(await multipartBody({ product: JSON.stringify({ ...editBody(), imageUrl: { upload: 0 } }) }, [
          ['images', Buffer.from('plain text, not a picture')],
        ])),
        method: 'PATCH',
        url: `/api/product/edit/${product.id}`,
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: stock of a variation it does not have',
      status: 400,
      build: async () => ({
        ...(await multipartBody(
          {
            ...addForm(),
            stock: JSON.stringify({
              trackStock: true,
              quantities: [{ variation: 'Linen Shirt Black', size: 'M', quantity: 5 }],
            }),
          },
          [
            ['imageUrl', png],
            ['varImgUrls', png],
          ],
        )),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: stock as malformed JSON',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ ...addForm(), stock: '{"trackStock":' }, [
          ['imageUrl', png],
          ['varImgUrls', png],
        ])),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    // Orders: the header, then what only the catalogue can refuse (docs/architecture.md, "An order").
    {
      name: 'POST /api/orders/placed-order: a short Idempotency-Key',
      status: 400,
      build: () => order(orderBodyFor(a, [orderLineFor(product)]), 'short'),
    },
    {
      name: 'POST /api/orders/placed-order: an Idempotency-Key of 10,000 characters',
      status: 400,
      build: () => order(orderBodyFor(a, [orderLineFor(product)]), LONG),
    },
    {
      name: 'POST /api/orders/placed-order: an Idempotency-Key with spaces',
      status: 400,
      build: () => order(orderBodyFor(a, [orderLineFor(product)]), 'has some spaces'),
    },
    {
      name: 'POST /api/orders/placed-order: an empty cart',
      status: 400,
      build: () => order(orderBodyFor(a, [orderLineFor(product)], { cart: [] })),
    },
    {
      name: 'POST /api/orders/placed-order: 51 lines',
      status: 400,
      build: () =>
        order(orderBodyFor(a, [orderLineFor(product)], { cart: Array(51).fill(orderLineFor(product)) })),
    },
    {
      name: 'POST /api/orders/placed-order: a blank address',
      status: 400,
      build: () => order(orderBodyFor(a, [orderLineFor(product)], { address: '   ' })),
    },
    {
      name: 'POST /api/orders/placed-order: quantity 0',
      status: 400,
      build: () => order(line({ quantity: 0 })),
    },
    {
      name: 'POST /api/orders/placed-order: quantity 100',
      status: 400,
      build: () => order(line({ quantity: 100 })),
    },
    {
      name: 'POST /api/orders/placed-order: quantity 1.5',
      status: 400,
      build: () => order(line({ quantity: 1.5 })),
    },
    {
      name: 'POST /api/orders/placed-order: a delivery fee of 75',
      status: 400,
      build: () => order(line({ deliveryOption: { fee: 75 } })),
    },
    {
      name: 'POST /api/orders/placed-order: a size the product lacks',
      status: 400,
      build: () => order(line({ size: 'US 9' })),
    },
    {
      name: 'POST /api/orders/placed-order: no size for a sized product',
      status: 400,
      build: () => order(line({ size: '' })),
    },
    {
      name: 'POST /api/orders/placed-order: an unknown product',
      status: 409,
      build: () => order(line({ id: UNKNOWN_ID })),
    },
    {
      name: 'POST /api/orders/placed-order: an unknown variation',
      status: 409,
      build: () => order(line({ name: 'Tee in Gold' })),
    },
    {
      name: 'POST /api/orders/placed-order: a stale price',
      status: 409,
      build: () => order(line({ price: '1.00' })),
    },
    {
      name: 'POST /api/orders/placed-order: a wrong total',
      status: 409,
      build: () => order(orderBodyFor(a, [orderLineFor(product)], { total: '1.00' })),
    },
    {
      name: 'POST /api/orders/placed-order: a total that is not a number',
      status: 409,
      build: () => order(orderBodyFor(a, [orderLineFor(product)], { total: 'lots' })),
    },
    // Discount codes: what only the codes can refuse.
    {
      name: 'POST /api/orders/placed-order: an unknown discount code',
      status: 422,
      message: "This code can't be used",
      build: () => order(orderBodyFor(a, [orderLineFor(product)], { discountCode: 'NOSUCHCODE' })),
    },
    {
      name: 'POST /api/orders/placed-order: a discount code used as often as allowed',
      status: 409,
      message: 'You have already used this code',
      build: () => order(orderBodyFor(a, [orderLineFor(product)], { discountCode: CODE })),
    },
    {
      name: 'POST /api/discounts/check: an unknown code',
      status: 422,
      build: () => asA('POST', '/api/discounts/check', { discountCode: 'NOSUCHCODE', subtotal: '699.00' }),
    },
    {
      name: 'POST /api/discounts/check: a subtotal with a peso sign',
      status: 400,
      build: () => asA('POST', '/api/discounts/check', { discountCode: CODE, subtotal: '₱699.00' }),
    },
    {
      name: 'POST /api/admin/discounts: a code that exists in another case',
      status: 409,
      message: 'This code already exists',
      build: () =>
        asAdmin('POST', '/api/admin/discounts', { code: CODE.toLowerCase(), kind: 'percent', value: '5' }),
    },
    {
      name: 'POST /api/admin/discounts: 101 percent',
      status: 400,
      build: () =>
        asAdmin('POST', '/api/admin/discounts', { code: 'TOOMUCH', kind: 'percent', value: '101' }),
    },
    {
      name: 'POST /api/admin/discounts: an end before the start',
      status: 400,
      build: () =>
        asAdmin('POST', '/api/admin/discounts', {
          code: 'BACKWARDS',
          kind: 'percent',
          value: '5',
          startsAt: '2026-12-02T00:00:00Z',
          endsAt: '2026-12-01T00:00:00Z',
        }),
    },
    {
      name: 'PATCH /api/admin/discounts/:id: total uses below the uses taken',
      status: 409,
      build: () => asAdmin('PATCH', `/api/admin/discounts/${discount}`, { totalUses: 1 }),
    },
    {
      name: 'PATCH /api/admin/discounts/:id: nothing to change',
      status: 400,
      build: () => asAdmin('PATCH', `/api/admin/discounts/${discount}`, {}),
    },
    // Status updates.
    {
      name: 'PATCH /api/orders/statusUpdate/:id: an unknown status',
      status: 400,
      build: () => asAdmin('PATCH', `/api/orders/statusUpdate/${orderOfA}`, { updatedStatus: ['shipped'] }),
    },
    {
      name: 'PATCH /api/orders/statusUpdate/:id: an empty list',
      status: 400,
      build: () => asAdmin('PATCH', `/api/orders/statusUpdate/${orderOfA}`, { updatedStatus: [] }),
    },
    {
      name: 'PATCH /api/orders/statusUpdate/:id: more statuses than lines',
      status: 400,
      build: () =>
        asAdmin('PATCH', `/api/orders/statusUpdate/${orderOfA}`, {
          updatedStatus: ['delivered', 'delivered'],
        }),
    },
    // Payments: what only the settings, the order and its ledger can refuse.
    {
      name: 'PUT /api/payments/settings: online payment on while PayMongo is not configured',
      status: 400,
      build: () => asAdmin('PUT', '/api/payments/settings', { ...SETTINGS_ON, onlineEnabled: true }),
    },
    {
      name: 'PUT /api/payments/settings: 0 hours, 5 minutes and a limit of words',
      status: 400,
      build: () =>
        asAdmin('PUT', '/api/payments/settings', {
          ...SETTINGS_ON,
          transferHours: 0,
          onlineMinutes: 5,
          codMaxTotal: 'lots',
        }),
    },
    {
      name: 'PUT /api/payments/settings: 1.5 hours',
      status: 400,
      build: () => asAdmin('PUT', '/api/payments/settings', { ...SETTINGS_ON, transferHours: 1.5 }),
    },
    {
      name: 'POST /api/payments/accounts: a bank with no bank name',
      status: 400,
      build: () => asAdmin('POST', '/api/payments/accounts', { ...accountBody(), bankName: ' ' }),
    },
    {
      name: 'POST /api/payments/accounts: an unknown kind',
      status: 400,
      build: () => asAdmin('POST', '/api/payments/accounts', { ...accountBody(), kind: 'paypal' }),
    },
    {
      name: 'POST /api/payments/accounts: a QR code from elsewhere',
      status: 400,
      build: () =>
        asAdmin('POST', '/api/payments/accounts', {
          ...accountBody(),
          qrImageUrl: 'https://evil.example/qr.png',
        }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer-reference: another customer’s order',
      status: 403,
      build: () => ({
        ...asA('POST', `/api/payments/orders/${referencedTransferOfA}/transfer-reference`, {
          reference: 'GC 1234 5678',
        }),
        cookie: b.cookie,
      }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer-reference: an order paid on delivery',
      status: 409,
      build: () =>
        asA('POST', `/api/payments/orders/${paidCodOfA}/transfer-reference`, { reference: 'GC 1234 5678' }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer-reference: markup for a reference',
      status: 400,
      build: () =>
        asA('POST', `/api/payments/orders/${referencedTransferOfA}/transfer-reference`, { reference: '<b>' }),
    },
    {
      name: 'POST /api/payments/orders/:id/collections: an amount of zero',
      status: 400,
      build: () => asAdmin('POST', `/api/payments/orders/${paidCodOfA}/collections`, { amount: '0' }),
    },
    {
      name: 'POST /api/payments/orders/:id/collections: a negative amount',
      status: 400,
      build: () => asAdmin('POST', `/api/payments/orders/${paidCodOfA}/collections`, { amount: '-5.00' }),
    },
    {
      name: 'POST /api/payments/orders/:id/collections: more than is owed',
      status: 409,
      build: () => asAdmin('POST', `/api/payments/orders/${paidCodOfA}/collections`, { amount: '100000' }),
    },
    {
      name: 'POST /api/payments/orders/:id/collections: a transfer order',
      status: 409,
      build: () =>
        asAdmin('POST', `/api/payments/orders/${referencedTransferOfA}/collections`, { amount: '1.00' }),
    },
    {
      name: 'POST /api/payments/orders/:id/collections: a cancelled order',
      status: 409,
      build: () => asAdmin('POST', `/api/payments/orders/${cancelledOfA}/collections`, { amount: '1.00' }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer/confirm: an order paid on delivery',
      status: 409,
      build: () => asAdmin('POST', `/api/payments/orders/${paidCodOfA}/transfer/confirm`, { amount: '1.00' }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer/confirm: no reference waiting',
      status: 409,
      build: () =>
        asAdmin('POST', `/api/payments/orders/${bareTransferOfA}/transfer/confirm`, { amount: '1.00' }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer/confirm: more than is owed',
      status: 409,
      build: () =>
        asAdmin('POST', `/api/payments/orders/${referencedTransferOfA}/transfer/confirm`, {
          amount: '100000',
        }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer/reject: no reference waiting',
      status: 409,
      build: () =>
        asAdmin('POST', `/api/payments/orders/${bareTransferOfA}/transfer/reject`, {
          reason: 'No transfer with this reference',
        }),
    },
    {
      name: 'POST /api/payments/orders/:id/transfer/reject: a reason of two characters',
      status: 400,
      build: () =>
        asAdmin('POST', `/api/payments/orders/${referencedTransferOfA}/transfer/reject`, { reason: 'no' }),
    },
    {
      name: 'POST /api/payments/orders/:id/refunds: more than was paid',
      status: 409,
      build: () =>
        asAdmin('POST', `/api/payments/orders/${paidCodOfA}/refunds`, {
          amount: '1.01',
          reference: 'MATRIX-REF-1',
        }),
    },
    {
      name: 'POST /api/payments/orders/:id/refunds: an order nothing was paid on',
      status: 409,
      build: () =>
        asAdmin('POST', `/api/payments/orders/${orderOfA}/refunds`, {
          amount: '0.01',
          reference: 'MATRIX-REF-1',
        }),
    },
    // Addresses.
    {
      name: 'POST /api/users/addAddress/:id: a blank address',
      status: 400,
      build: () => asA('POST', `/api/users/addAddress/${a.id}`, { newAddress: '  ' }),
    },
    {
      name: 'POST /api/users/addAddress/:id: an address already saved',
      status: 409,
      build: () => asA('POST', `/api/users/addAddress/${a.id}`, { newAddress: ADDRESS_OF_A }),
    },
    {
      name: 'DELETE /api/users/deleteAddress/:id: an address not saved',
      status: 404,
      build: () => asA('DELETE', `/api/users/deleteAddress/${a.id}`, { address: 'Nowhere' }),
    },
    {
      name: 'DELETE /api/users/deleteAddress/:id: an empty address',
      status: 400,
      build: () => asA('DELETE', `/api/users/deleteAddress/${a.id}`, { address: '' }),
    },
    // Accounts.
    {
      name: 'POST /api/users/sign-up: an email already registered',
      status: 409,
      build: () => ({ method: 'POST', url: '/api/users/sign-up', payload: newCustomer({ email: a.email }) }),
    },
    {
      name: 'POST /api/users/sign-up: a bad phone number',
      status: 400,
      build: () => ({
        method: 'POST',
        url: '/api/users/sign-up',
        payload: newCustomer({ contactNumber: '09171234567' }),
      }),
    },
    {
      name: 'POST /api/users/sign-up: a short password',
      status: 400,
      build: () => ({
        method: 'POST',
        url: '/api/users/sign-up',
        payload: newCustomer({ password: '12345' }),
      }),
    },
    {
      name: 'POST /api/users/sign-up: a bad email',
      status: 400,
      build: () => ({ method: 'POST', url: '/api/users/sign-up', payload: newCustomer({ email: 'nope' }) }),
    },
    {
      // Another customer's email is answered as any new one (a link goes to the new address).
      name: 'PATCH /api/users/:id: an email that is not one',
      status: 400,
      build: async () => ({
        ...(await multipartBody({
          name: 'Shopper A',
          email: 'not-an-email',
          contactNumber: '+639171234567',
        })),
        method: 'PATCH',
        url: `/api/users/${a.id}`,
        cookie: a.cookie,
      }),
    },
    {
      name: 'PATCH /api/admin/:id: a short username',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ username: 'abc', email: ADMIN.email })),
        method: 'PATCH',
        url: `/api/admin/${admin.id}`,
        cookie: admin.cookie,
      }),
    },
    // Products.
    {
      name: 'PATCH /api/product/edit/:id: a price of zero',
      status: 400,
      build: () =>
        asAdmin('PATCH', `/api/product/edit/${product.id}`, { ...editBody(), updatedPrice: '0.00' }),
    },
    {
      name: 'PATCH /api/product/edit/:id: a negative price',
      status: 400,
      build: () =>
        asAdmin('PATCH', `/api/product/edit/${product.id}`, { ...editBody(), updatedPrice: '-5.00' }),
    },
    {
      name: 'PATCH /api/product/edit/:id: part of a size preset',
      status: 400,
      build: () =>
        asAdmin('PATCH', `/api/product/edit/${product.id}`, { ...editBody(), updatedSizes: ['S', 'M'] }),
    },
    {
      name: 'PATCH /api/product/edit/:id: an unknown category',
      status: 400,
      build: () =>
        asAdmin('PATCH', `/api/product/edit/${product.id}`, { ...editBody(), updatedCategory: 'Aliens' }),
    },
    {
      name: 'PATCH /api/product/edit/:id: a description over 1000 characters',
      status: 400,
      build: () =>
        asAdmin('PATCH', `/api/product/edit/${product.id}`, {
          ...editBody(),
          updatedDescription: 'x'.repeat(1001),
        }),
    },
    {
      name: 'POST /api/product/add: variationsName as an object',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ ...addForm(), variationsName: '{"0":"Linen Shirt White"}' }, [
          ['imageUrl', png],
          ['varImgUrls', png],
        ])),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: variationsName as malformed JSON',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ ...addForm(), variationsName: '["Linen' }, [
          ['imageUrl', png],
          ['varImgUrls', png],
        ])),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: a size that is a bare list',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ ...addForm(), size: '["S","M"]' })),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: an unknown category',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ ...addForm(), category: '{"label":"Aliens","value":"Aliens"}' })),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: a price of zero',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ ...addForm(), price: '0.00' })),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: no main image',
      status: 400,
      build: async () => ({
        ...(await multipartBody(addForm(), [['varImgUrls', png]])),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: two main images',
      status: 400,
      build: async () => ({
        ...(await multipartBody(addForm(), [
          ['imageUrl', png],
          ['imageUrl', png],
          ['varImgUrls', png],
        ])),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: more names than variation images',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ ...addForm(), variationsName: '["One","Two"]' })),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: 11 variation files besides the main image',
      status: 413,
      message: 'Too many files',
      build: async () => ({
        ...(await multipartBody(
          {
            ...addForm(),
            variationsName: JSON.stringify(Array.from({ length: 11 }, (_, i) => `Colour ${i}`)),
          },
          [['imageUrl', png], ...Array.from({ length: 11 }, (): FilePart => ['varImgUrls', png])],
        )),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'POST /api/product/add: 11 variation files and no main image',
      build: async () => ({
        ...(await multipartBody(
          {
            ...addForm(),
            variationsName: JSON.stringify(Array.from({ length: 11 }, (_, i) => `Colour ${i}`)),
          },
          Array.from({ length: 11 }, (): FilePart => ['varImgUrls', png]),
        )),
        method: 'POST',
        url: '/api/product/add',
        cookie: admin.cookie,
      }),
    },
    {
      name: 'PATCH /api/users/:id: two images',
      status: 400,
      build: async () => ({
        ...(await multipartBody({ name: 'Shopper A', email: a.email, contactNumber: '+639171234567' }, [
          ['imageUrl', png],
          ['imageUrl', png],
        ])),
        method: 'PATCH',
        url: `/api/users/${a.id}`,
        cookie: a.cookie,
      }),
    },
  );
  return cases;
};

/** Size charts: what only a chart's own rules refuse, and a product's own chart that does not fit. */
function sizeChartCases(): Case[] {
  const asAdmin = (method: Method, url: string, payload: unknown): Req => ({
    method,
    url,
    cookie: admin.cookie,
    payload: payload as Json,
  });
  const firstRow = (values: unknown) =>
    DEFAULT_SIZE_CHARTS.Men.tops.map((row, i) => (i === 0 ? { ...row, values } : row));
  return [
    ...(
      [
        [
          'a chest of 200 cm',
          [
            { min: 200, max: 200 },
            { min: 68, max: 72 },
          ],
          'Chest must be between 40 and 160',
        ],
        [
          'a range given backwards',
          [
            { min: 88, max: 84 },
            { min: 68, max: 72 },
          ],
          SIZE_CHART_MESSAGES.order,
        ],
        [
          'two decimals',
          [
            { min: 84.25, max: 88 },
            { min: 68, max: 72 },
          ],
          SIZE_CHART_MESSAGES.decimals,
        ],
        ['a missing measurement', [{ min: 84, max: 88 }], SIZE_CHART_MESSAGES.columns(2)],
      ] as const
    ).map(([what, values, message]) => ({
      name: `PUT /api/size-charts/:category/:kind: ${what}`,
      status: 400,
      message,
      build: () => asAdmin('PUT', '/api/size-charts/Men/tops', { rows: firstRow(values) }),
    })),
    {
      name: 'PUT /api/size-charts/:category/:kind: the sizes out of order',
      status: 400,
      message: SIZE_CHART_MESSAGES.sizes(SIZE_PRESETS.Clothes),
      build: () =>
        asAdmin('PUT', '/api/size-charts/Men/tops', { rows: [...DEFAULT_SIZE_CHARTS.Men.tops].reverse() }),
    },
    {
      name: "PUT /api/size-charts/:category/:kind: a tops chart sent as the shoes'",
      status: 400,
      message: SIZE_CHART_MESSAGES.sizes(SIZE_PRESETS.Sneakers),
      build: () => asAdmin('PUT', '/api/size-charts/Men/shoes', { rows: DEFAULT_SIZE_CHARTS.Men.tops }),
    },
    {
      name: 'PUT /api/size-charts/:category/:kind: an unknown kind of chart',
      status: 400,
      build: () => asAdmin('PUT', '/api/size-charts/Men/hats', { rows: DEFAULT_SIZE_CHARTS.Men.tops }),
    },
    {
      name: 'PATCH /api/product/edit/:id: its own size chart in the wrong sizes',
      status: 400,
      message: SIZE_CHART_MESSAGES.sizes(SIZE_PRESETS.Clothes),
      build: () =>
        asAdmin('PATCH', `/api/product/edit/${product.id}`, {
          ...editBody(),
          sizeChart: DEFAULT_SIZE_CHARTS.Men.shoes,
        }),
    },
    {
      name: 'PATCH /api/product/edit/:id: its own size chart as text',
      status: 400,
      build: () => asAdmin('PATCH', `/api/product/edit/${product.id}`, { ...editBody(), sizeChart: 'S,M,L' }),
    },
  ];
}

/**
 * Structured addresses (places): codes not on the PSGC list or not nested, control characters,
 * lengths, on both routes that take one, and the barangay list's city code.
 */
function addressPartCases(): Case[] {
  // Makati (Metro Manila, no province) and its Bel-Air.
  const parts = {
    recipient: 'Maria Santos',
    mobile: '09171234567',
    street: '12 Jupiter St.',
    regionCode: '1300000000',
    cityCode: '1380300000',
    barangayCode: '1380300002',
    postalCode: '1209',
  };
  // [what, the change, the field, its message, whether the schema refuses it (its message then
  // names the field) or the PSGC list does].
  const changes: [string, Json, string, string, boolean][] = [
    ['a region not on the list', { regionCode: '9900000000' }, 'regionCode', 'Choose a region', false],
    [
      'a city not on the list',
      { cityCode: '1399999000' },
      'cityCode',
      'Choose a city or municipality',
      false,
    ],
    [
      "a barangay of another city (Cebu City's Lahug)",
      { barangayCode: '0730600041' },
      'barangayCode',
      'This barangay is not in the chosen city or municipality',
      false,
    ],
    [
      'a province not on the list',
      { provinceCode: '1307400000' },
      'provinceCode',
      'Choose a province',
      false,
    ],
    [
      'a province of another region',
      { provinceCode: '0702200000' },
      'provinceCode',
      'This province is not in the chosen region',
      false,
    ],
    ['a code of 9 digits', { barangayCode: '138030000' }, 'barangayCode', 'Choose a barangay', true],
    [
      'a landline',
      { mobile: '0288123456' },
      'mobile',
      'Enter a mobile number like 09171234567 or +639171234567',
      true,
    ],
    ['a postal code of 5 digits', { postalCode: '12090' }, 'postalCode', 'The postal code is 4 digits', true],
    [
      'a NUL in the street',
      { street: '12 Jupiter\u0000 St.' },
      'street',
      'Remove the control characters',
      true,
    ],
    [
      'an escape in the recipient',
      { recipient: 'Maria\u001b[31m' },
      'recipient',
      'Remove the control characters',
      true,
    ],
    [
      'a street of 151 characters',
      { street: 'x'.repeat(151) },
      'street',
      'House number, street and building are at most 150 characters',
      true,
    ],
    ['a recipient of 1 character', { recipient: 'M' }, 'recipient', "Enter the recipient's name", true],
  ];
  const cases: Case[] = [];
  for (const [what, change, field, text, bySchema] of changes) {
    const message = (prefix: string) => (bySchema ? `${prefix}.${field}: ${text}` : text);
    cases.push(
      {
        name: `POST /api/users/addAddress/:id: parts with ${what}`,
        status: 400,
        message: message('parts'),
        build: () => ({
          method: 'POST',
          url: `/api/users/addAddress/${a.id}`,
          cookie: a.cookie,
          payload: { newAddress: 'x', parts: { ...parts, ...change } },
        }),
      },
      {
        name: `POST /api/orders/placed-order: addressParts with ${what}`,
        status: 400,
        message: message('addressParts'),
        build: () => ({
          method: 'POST',
          url: '/api/orders/placed-order',
          cookie: a.cookie,
          headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
          payload: orderBodyFor(a, [orderLineFor(product)], { addressParts: { ...parts, ...change } }),
        }),
      },
    );
  }
  for (const [code, status] of [
    ['1399999000', 404],
    ['makati', 400],
    ['13803000000', 400],
    ['1380300000%00', 400],
  ] as const) {
    cases.push({
      name: `GET /api/places/cities/:code/barangays: the code ${JSON.stringify(code)}`,
      status,
      build: () => ({ method: 'GET', url: `/api/places/cities/${code}/barangays` }),
    });
  }
  return cases;
}

const CASES: Case[] = [
  ...sizeChartCases(),
  ...addressPartCases(),
  ...JSON_ROUTES.flatMap(jsonCases),
  ...MULTIPART_ROUTES.flatMap(multipartCases),
  ...ZIP_ROUTES.flatMap(zipCases),
  ...otherCases(),
];

// ---------------------------------------------------------------------------------------------
// The Origin check on every unsafe route, each with an otherwise valid request.

const UNSAFE: { method: Method; path: string; build: () => Promise<Req> | Req }[] = [
  ...JSON_ROUTES.map((route) => ({
    method: route.method,
    path: route.path,
    build: (): Req => ({
      method: route.method,
      url: route.url(),
      cookie: cookieOf(route.who),
      payload: route.body(),
      headers: route.headers?.() ?? {},
    }),
  })),
  ...MULTIPART_ROUTES.map((route) => ({
    method: route.method,
    path: route.path,
    build: async (): Promise<Req> => ({
      method: route.method,
      url: route.url(),
      cookie: cookieOf(route.who),
      ...(await multipartBody(route.fields(), route.files())),
    }),
  })),
  ...ZIP_ROUTES.map(({ path, fields }) => ({
    method: 'POST' as const,
    path,
    build: async (): Promise<Req> => ({
      method: 'POST',
      url: path,
      cookie: cookieOf('admin'),
      ...(await multipartBody(fields(), [['file', catalogueZip(), 'catalogue.zip', 'application/zip']])),
    }),
  })),
  {
    method: 'POST',
    path: '/api/users/logout',
    build: () => ({ method: 'POST', url: '/api/users/logout', cookie: a.cookie }),
  },
  {
    method: 'POST',
    path: '/api/admin/sign-out',
    build: () => ({ method: 'POST', url: '/api/admin/sign-out', cookie: admin.cookie }),
  },
  {
    method: 'POST',
    path: '/api/users/me/verify-email',
    build: () => ({ method: 'POST', url: '/api/users/me/verify-email', cookie: a.cookie }),
  },
  ...(['users', 'admin'] as const).flatMap((who) => {
    const cookie = () => (who === 'users' ? a.cookie : admin.cookie);
    return [
      {
        method: 'DELETE' as const,
        path: `/api/${who}/me/sessions`,
        build: () => ({ method: 'DELETE' as const, url: `/api/${who}/me/sessions`, cookie: cookie() }),
      },
      {
        method: 'DELETE' as const,
        path: `/api/${who}/me/sessions/:id`,
        build: () => ({
          method: 'DELETE' as const,
          url: `/api/${who}/me/sessions/${UNKNOWN_ID}`,
          cookie: cookie(),
        }),
      },
    ];
  }),
  {
    method: 'PATCH',
    path: '/api/orders/checkAndUpdateOrder/:id',
    build: () => ({
      method: 'PATCH',
      url: `/api/orders/checkAndUpdateOrder/${orderOfA}`,
      cookie: admin.cookie,
    }),
  },
  {
    method: 'DELETE',
    path: '/api/payments/accounts/:id',
    build: () => ({ method: 'DELETE', url: `/api/payments/accounts/${accountId}`, cookie: admin.cookie }),
  },
  {
    method: 'PATCH',
    path: '/api/shipments/:id/delivered',
    build: () => ({
      method: 'PATCH',
      url: `/api/shipments/${shippedOfA.shipment}/delivered`,
      cookie: admin.cookie,
    }),
  },
  ...(['approve', 'cancel'] as const).map((step) => ({
    method: 'POST' as const,
    path: `/api/returns/:id/${step}`,
    build: () => ({
      method: 'POST' as const,
      url: `/api/returns/${returnsOfA.requested}/${step}`,
      cookie: step === 'approve' ? admin.cookie : a.cookie,
    }),
  })),
  {
    method: 'DELETE',
    path: '/api/payments/accounts/:id/qr-image',
    build: () => ({
      method: 'DELETE',
      url: `/api/payments/accounts/${accountId}/qr-image`,
      cookie: admin.cookie,
    }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/checkout',
    build: () => ({
      method: 'POST',
      url: `/api/payments/orders/${bareTransferOfA}/checkout`,
      cookie: a.cookie,
    }),
  },
  ...(
    [
      ['POST', '/api/admin/staff/invites/:id/resend'],
      ['DELETE', '/api/admin/staff/invites/:id'],
      ['DELETE', '/api/admin/staff/:id'],
    ] as const
  ).map(([method, path]) => ({
    method,
    path,
    build: () => ({ method, url: path.replace(':id', UNKNOWN_ID), cookie: admin.cookie }),
  })),
];

const FOREIGN: [string, Record<string, string>][] = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  ['a foreign Origin on the same host name', { origin: 'http://localhost.evil.example' }],
  ['the same host and port over another scheme', { origin: 'https://localhost:80' }],
  ['the same host on another port', { origin: 'http://localhost:8080' }],
  ['no Origin and no Referer', {}],
  ['no Origin and a foreign Referer', { referer: 'https://evil.example/page' }],
  ['Origin null and no Referer', { origin: 'null' }],
  ['a malformed Origin', { origin: 'not a url' }],
];

const CSRF_CASES = UNSAFE.flatMap((route) =>
  FOREIGN.map(([how, headers]) => [route.method, route.path, how, headers, route] as const),
);

beforeAll(async () => {
  t = await buildTestApp();
  a = await signUpCustomer(t);
  b = await signUpCustomer(t);
  admin = await signInAdmin(t);
  product = await insertProduct(t);
  png = await testPng();
  const settings = await t.request({
    method: 'PUT',
    url: '/api/payments/settings',
    cookie: admin.cookie,
    payload: SETTINGS_ON,
  });
  if (settings.statusCode !== 200) throw new Error(`settings failed: ${settings.body}`);
  const account = await t.request({
    method: 'POST',
    url: '/api/payments/accounts',
    cookie: admin.cookie,
    payload: { kind: 'gcash', accountName: 'Habi Clothing', accountNumber: '0917 123 4567' },
  });
  if (account.statusCode !== 201) throw new Error(`account failed: ${account.body}`);
  accountId = account.json().id;
  const byTransfer = () => orderBodyFor(a, [orderLineFor(product)], { paymentMethod: 'transfer' });
  referencedTransferOfA = (await placeOrderOk(t, a, byTransfer()))._id;
  bareTransferOfA = (await placeOrderOk(t, a, byTransfer()))._id;
  const referenced = await t.request({
    method: 'POST',
    url: `/api/payments/orders/${referencedTransferOfA}/transfer-reference`,
    cookie: a.cookie,
    payload: { reference: 'GC 1234 5678' },
  });
  if (referenced.statusCode !== 200) throw new Error(`reference failed: ${referenced.body}`);
  paidCodOfA = (await placeOrderOk(t, a, [orderLineFor(product)]))._id;
  const collected = await t.request({
    method: 'POST',
    url: `/api/payments/orders/${paidCodOfA}/collections`,
    cookie: admin.cookie,
    payload: { amount: '1.00' },
  });
  if (collected.statusCode !== 200) throw new Error(`collection failed: ${collected.body}`);
  const saved = await t.request({
    method: 'POST',
    url: `/api/users/addAddress/${a.id}`,
    cookie: a.cookie,
    payload: { newAddress: ADDRESS_OF_A },
  });
  if (saved.statusCode !== 200) throw new Error(`address failed: ${saved.body}`);
  const placed = await placeOrderOk(t, a, [orderLineFor(product)]);
  orderOfA = placed._id;
  lineOfA = placed.products[0]!._id;
  const toShip = await placeOrderOk(t, a, [orderLineFor(product)]);
  const shipped = await t.request({
    method: 'POST',
    url: '/api/shipments',
    cookie: admin.cookie,
    payload: shipmentBody({ orderId: toShip._id, lines: [toShip.products[0]!._id] }),
  });
  if (shipped.statusCode !== 201) throw new Error(`shipment failed: ${shipped.body}`);
  shippedOfA = { order: toShip._id, line: toShip.products[0]!._id, shipment: shipped.json().shipment._id };
  const delivered = await t.request({
    method: 'PATCH',
    url: `/api/shipments/${shippedOfA.shipment}/delivered`,
    cookie: admin.cookie,
  });
  if (delivered.statusCode !== 200) throw new Error(`delivery failed: ${delivered.body}`);
  await t.request({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'bad.input@example.com' },
  });
  const mailed = await t.database.db.execute(
    sql`select text from outbox where recipient = 'bad.input@example.com' and kind = 'newsletter-confirm'`,
  );
  const { text } = (mailed as unknown as { rows: { text: string }[] }).rows[0]!;
  confirmToken = /confirm\?token=([\w-]{43})/.exec(text)![1]!;
  soldOut = await insertTrackedTee(t, { 'Navy M': 2 });
  const twoOf = [orderLineFor(soldOut, { size: 'M', quantity: 2 })];
  cancelledOfA = (await placeOrderOk(t, a, twoOf))._id;
  const cancelled = await t.request({
    method: 'PATCH',
    url: `/api/orders/statusUpdate/${cancelledOfA}`,
    cookie: admin.cookie,
    payload: { updatedStatus: ['cancelled'] },
  });
  if (cancelled.statusCode !== 200) throw new Error(`cancel failed: ${cancelled.body}`);
  await placeOrderOk(t, a, twoOf);
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/discounts',
    cookie: admin.cookie,
    payload: { code: CODE, kind: 'percent', value: '10', perCustomerUses: 1 },
  });
  if (created.statusCode !== 201) throw new Error(`discount failed: ${created.body}`);
  discount = created.json().discount._id;
  // A second customer's use, so a total of one is below the uses taken. 699.00 - 69.90 = 629.10; tax 62.91.
  const body = (who: SignedIn) =>
    orderBodyFor(who, [orderLineFor(product)], { discountCode: CODE, total: '692.01' });
  await placeOrderOk(t, a, body(a));
  await placeOrderOk(t, b, body(b));
});
afterAll(() => t.close());

/** A's order of the product, shipped and delivered (`daysAgo` days ago); its line. */
async function deliveredLineOfA(daysAgo = 0): Promise<string> {
  const order = await placeOrderOk(t, a, [orderLineFor(product)]);
  const shipped = await t.request({
    method: 'POST',
    url: '/api/shipments',
    cookie: admin.cookie,
    payload: shipmentBody({ orderId: order._id, lines: [order.products[0]!._id] }),
  });
  if (shipped.statusCode !== 201) throw new Error(`shipment failed: ${shipped.body}`);
  const id = shipped.json().shipment._id;
  const delivered = await t.request({
    method: 'PATCH',
    url: `/api/shipments/${id}/delivered`,
    cookie: admin.cookie,
  });
  if (delivered.statusCode !== 200) throw new Error(`delivery failed: ${delivered.body}`);
  if (daysAgo > 0) {
    await t.database.db.execute(
      sql`update shipments set delivered_at = now() - make_interval(days => ${daysAgo}) where id = ${id}`,
    );
  }
  return order.products[0]!._id;
}

/** A's request on a fresh delivered line, taken through `steps`; its id. */
async function returnOfA(kind: 'return' | 'exchange', steps: string[] = []): Promise<string> {
  const body = {
    itemId: await deliveredLineOfA(),
    kind,
    reason: 'wrongSize',
    ...(kind === 'exchange' ? { size: 'M' } : {}),
  };
  const asked = await t.request({ method: 'POST', url: '/api/returns', cookie: a.cookie, payload: body });
  if (asked.statusCode !== 201) throw new Error(`return failed: ${asked.body}`);
  const id: string = asked.json().request._id;
  for (const step of steps) {
    const done = await t.request({
      method: 'POST',
      url: `/api/returns/${id}/${step}`,
      cookie: admin.cookie,
      payload: {},
    });
    if (done.statusCode !== 200) throw new Error(`${step} failed: ${done.body}`);
  }
  return id;
}

beforeAll(async () => {
  returnsOfA.line = await deliveredLineOfA();
  returnsOfA.lateLine = await deliveredLineOfA(8);
  returnsOfA.requested = await returnOfA('exchange');
  returnsOfA.approved = await returnOfA('return', ['approve']);
  returnsOfA.exchange = await returnOfA('exchange', ['approve', 'received']);
  returnsOfA.refund = await returnOfA('return', ['approve', 'received']);
});

describe('bad input', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, badCase) => {
    const request = await badCase.build();
    const before = await snapshot();
    const response = await t.request({
      method: request.method,
      url: request.url,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.cookie ? { cookie: request.cookie } : {}),
    });
    expectClientError(response, badCase.status);
    if (badCase.message) expect(response.json().message).toBe(badCase.message);
    expect(await snapshot()).toEqual(before);
  });

  it('has cases for every operation of the OpenAPI document that takes input', async () => {
    const takingInput = (await operations())
      .filter(
        ({ operation }) => operation.requestBody !== undefined || (operation.parameters ?? []).length > 0,
      )
      .map(({ label }) => label);
    expect(takingInput.length).toBeGreaterThan(15);
    const uncovered = takingInput.filter(
      (label) => !CASES.some((c) => c.name.startsWith(`${label}:`) || c.name.startsWith(`${label}?`)),
    );
    expect(uncovered).toEqual([]);
    for (const route of [...JSON_ROUTES, ...MULTIPART_ROUTES]) {
      const label = `${route.method} ${route.path}: `;
      expect(CASES.filter((c) => c.name.startsWith(label)).length, label).toBeGreaterThan(10);
    }
  });
});

describe('cross-site requests', () => {
  it('covers every unsafe operation of the OpenAPI document', async () => {
    // One-click unsubscribe is posted by mail providers' servers; its token is its only authority
    // (newsletter.test.ts shows it taken from another site).
    const crossSite = new Set(['POST /api/newsletter/unsubscribe']);
    const unsafe = (await operations())
      .filter(({ method, label }) => method !== 'GET' && !crossSite.has(label))
      .map(({ label }) => label);
    expect(UNSAFE.map((route) => `${route.method} ${route.path}`).sort()).toEqual(unsafe.sort());
  });

  it.each(CSRF_CASES)('%s %s with %s -> 403', async (_method, _path, _how, headers, route) => {
    const request = await route.build();
    const before = await snapshot();
    const response = await sendRaw(request, headers);
    expectClientError(response, 403);
    expect(response.json()).toEqual({ message: 'Cross-site request refused' });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    [
      'POST /api/users/sign-in',
      200,
      () =>
        ({
          method: 'POST',
          url: '/api/users/sign-in',
          payload: { email: a.email, password: 'secret123' },
        }) as Req,
    ],
    [
      'POST /api/users/addAddress/:id',
      200,
      () =>
        ({
          method: 'POST',
          url: `/api/users/addAddress/${a.id}`,
          cookie: a.cookie,
          payload: { newAddress: `${randomUUID()} Roxas Blvd` },
        }) as Req,
    ],
    [
      'PATCH /api/orders/checkAndUpdateOrder/:id',
      200,
      () =>
        ({
          method: 'PATCH',
          url: `/api/orders/checkAndUpdateOrder/${orderOfA}`,
          cookie: admin.cookie,
        }) as Req,
    ],
    [
      'DELETE /api/product/delete/:id',
      200,
      async () => {
        const victim = await insertProduct(t);
        return {
          method: 'DELETE',
          url: `/api/product/delete/${victim.id}`,
          cookie: admin.cookie,
          payload: { _id: victim.id },
        } as Req;
      },
    ],
  ] as const)('accepts %s with a same-origin Referer and no Origin', async (_name, status, build) => {
    const response = await sendRaw(await build(), { referer: `${ORIGIN}/cart` });
    expect(response.statusCode, response.body).toBe(status);
  });

  const signIn = (): Req => ({
    method: 'POST',
    url: '/api/users/sign-in',
    payload: { email: a.email, password: 'secret123' },
  });

  // Same-origin means the Origin's scheme, host and port are the request's own, a default port spelt out or not.
  it.each([
    ['localhost:3000', 'http://localhost:3000'],
    ['localhost:80', 'http://localhost:80'],
    ['localhost:80', 'http://localhost'],
    ['localhost', 'http://localhost:80'],
  ])('accepts Host %s with Origin %s', async (host, origin) => {
    const response = await sendRaw(signIn(), { host, origin });
    expect(response.statusCode, response.body).toBe(200);
  });

  it.each([
    ['localhost:3000', 'http://localhost:4000'],
    ['localhost', 'http://localhost:8080'],
    ['localhost', 'ftp://localhost'],
  ])('refuses Host %s with Origin %s', async (host, origin) => {
    const before = await snapshot();
    const response = await sendRaw(signIn(), { host, origin });
    expectClientError(response, 403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a foreign Origin on a percent-encoded API path', async () => {
    const response = await sendRaw(
      { ...signIn(), url: '/%61pi/users/sign-in' },
      { origin: 'https://evil.example' },
    );
    expectClientError(response);
    expect(response.statusCode).not.toBe(200);
  });
});
