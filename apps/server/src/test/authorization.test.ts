import { randomUUID } from 'node:crypto';
import {
  ADMIN_ROUTE_PERMISSIONS,
  can,
  DEFAULT_SIZE_CHARTS,
  IDEMPOTENCY_KEY_HEADER,
  SIZE_PRESETS,
  type StaffRole,
} from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_WRITES } from '../modules/audit/audit.plugin.ts';
import {
  ADMIN,
  buildTestApp,
  cookieOf,
  countRows,
  type FilePart,
  insertProduct,
  multipartBody,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  queryRows,
  resetLinkFor,
  type SignedIn,
  STAFF_PASSWORD,
  signInAdmin,
  signInStaff,
  signUpCustomer,
  staffInviteLinkFor,
  type TestApp,
  testPng,
  verificationLinkFor,
} from './helpers.ts';
import { makeZip } from './zip.ts';

/**
 * Who may call what (docs/business-rules.md, "Who may see and do what"): every route under
 * /api, called by an anonymous visitor, customer A, customer B, the owner ('admin') and a
 * staff member of each other role, each with an otherwise valid request aimed at customer A's
 * resources (A's user id, A's order, a real product, the caller's own id). A staff member is
 * answered as the owner is where their role holds the route's permission (ADMIN_ROUTE_PERMISSIONS,
 * pinned by permissions.test.ts), and 403 elsewhere.
 */

const STAFF = ['manager', 'fulfilment', 'support'] as const;
const CALLERS = ['anonymous', 'customer A', 'customer B', 'admin', ...STAFF] as const;
type Caller = (typeof CALLERS)[number];
type StaffCaller = (typeof STAFF)[number];
const isStaff = (caller: Caller): caller is StaffCaller => (STAFF as readonly string[]).includes(caller);
/** Signed in to the back office: the owner or another role. */
const inBackOffice = (caller: Caller) => caller === 'admin' || isStaff(caller);
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Expected = Record<Caller, number>;

/** What a case sends; the caller's cookie is added by the runner. */
interface Req {
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /** Replaces the caller's standing session (for the routes that end it). */
  cookie?: string;
  url?: string;
}

interface Route {
  method: Method;
  /** Fastify path, as registered: `/api/users/:id`. */
  path: string;
  expected: Expected;
  /** Builds a fresh, otherwise valid request for one case. */
  build: (caller: Caller) => Promise<Req> | Req;
  /** The owner is named in the body, so another customer is refused only once it is read. */
  ownerInBody?: true;
}

// The callers a route answers, and with what.
const everyone = (status: number): Expected => ({
  anonymous: status,
  'customer A': status,
  'customer B': status,
  admin: status,
  ...staffAll(status),
});
/** What the other roles get before their permissions are weighed (the runner's `expectedOf`). */
function staffAll(status: number): Record<StaffCaller, number> {
  return { manager: status, fulfilment: status, support: status };
}
/** Needs an admin session: a customer session is no admin session. */
const adminOnly = (status: number): Expected => ({
  anonymous: 401,
  'customer A': 401,
  'customer B': 401,
  admin: status,
  ...staffAll(status),
});
/** Customer A's own id: B is refused, an admin-only session is not a customer session. */
const ownerOnly = (status: number): Expected => ({
  anonymous: 401,
  'customer A': status,
  'customer B': 403,
  admin: 401,
  ...staffAll(401),
});
/** The caller's own account, whichever customer: no one else's to name. */
const anyCustomer = (status: number): Expected => ({
  anonymous: 401,
  'customer A': status,
  'customer B': status,
  admin: 401,
  ...staffAll(401),
});
const ownerOrAdmin = (status: number): Expected => ({
  anonymous: 401,
  'customer A': status,
  'customer B': 403,
  admin: status,
  ...staffAll(status),
});

let t: TestApp;
let a: SignedIn;
let b: SignedIn;
let admin: SignedIn;
/** A staff member of each other role. */
const staff = {} as Record<StaffCaller, SignedIn>;
let product: ProductRow;
let orderOfA: string;
/** A 10% code anyone may use. */
let discountId: string;
/** The confirmation of A's order. */
let mailToA: string;
let png: Buffer;
/** A transfer order of A's, and one of the shop's transfer accounts. */
let transferOfA: string;
let accountId: string;
/** The links mailed to a newsletter subscriber. */
let confirmToken: string;
let unsubscribeToken: string;

/** A new session for the caller, for the routes that end the one they are given. */
async function freshSession(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (inBackOffice(caller)) {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: isStaff(caller)
        ? { username: staff[caller].name, password: STAFF_PASSWORD }
        : { username: ADMIN.username, password: ADMIN.password },
    });
    return cookieOf(response);
  }
  const who = caller === 'customer A' ? a : b;
  const response = await t.request({
    method: 'POST',
    url: '/api/users/sign-in',
    payload: { email: who.email, password: 'secret123' },
  });
  return cookieOf(response);
}

/** The catalogue as the back office exports it: reading it back changes nothing. */
async function catalogueFile(): Promise<string> {
  return (await t.request({ method: 'GET', url: '/api/admin/catalogue/csv', cookie: admin.cookie })).body;
}

/** The exported catalogue in a ZIP. */
async function catalogueZip(): Promise<Buffer> {
  return makeZip([{ name: 'catalogue.csv', data: Buffer.from(await catalogueFile()) }]);
}

/** Transfers on (to the GCash account added in `beforeAll`), cash on delivery with no limit. */
const SETTINGS_ON = {
  codEnabled: true,
  codMaxTotal: '',
  transferEnabled: true,
  transferHours: 24,
  onlineEnabled: false,
  onlineMinutes: 60,
};
const accountBody = () => ({ kind: 'gcash', accountName: 'Habi Clothing', accountNumber: '0917 123 4567' });

async function ok(pending: Promise<LightMyRequestResponse>, status = 200) {
  const response = await pending;
  if (response.statusCode !== status) throw new Error(`${response.statusCode}: ${response.body}`);
  return response.json();
}

/** A transfer account made as the admin; its id. */
async function addAccount(): Promise<string> {
  const account = await ok(
    t.request({
      method: 'POST',
      url: '/api/payments/accounts',
      cookie: admin.cookie,
      payload: accountBody(),
    }),
    201,
  );
  return account.id;
}

/** Ships an order's first line with J&T. */
const shipmentBody = (order: OrderJson) => ({
  orderId: order._id,
  lines: [order.products[0]!._id],
  courier: 'jnt',
  trackingNumber: '760012345678',
  shippedOn: '2026-11-27',
});

/** A fresh order of A's shipped by the admin; the shipment's id. */
async function shipmentOfA(): Promise<string> {
  const order = await placeOrderOk(t, a, [orderLineFor(product)]);
  const created = await ok(
    t.request({ method: 'POST', url: '/api/shipments', cookie: admin.cookie, payload: shipmentBody(order) }),
    201,
  );
  return created.shipment._id;
}

/** A fresh invite made by the owner; its id. */
async function inviteId(): Promise<string> {
  const made = await ok(
    t.request({
      method: 'POST',
      url: '/api/admin/staff/invites',
      cookie: admin.cookie,
      payload: { email: `invite-${randomUUID()}@example.com`, name: 'Juan Cruz', role: 'fulfilment' },
    }),
    201,
  );
  return made.invite._id;
}

/** A fresh order of A's, paid on delivery. */
const codOrderOfA = async () => (await placeOrderOk(t, a, [orderLineFor(product)]))._id;

/** A fresh transfer order of A's, with A's reference waiting to be confirmed or rejected. */
async function referencedTransferOfA(): Promise<string> {
  const id = (
    await placeOrderOk(t, a, orderBodyFor(a, [orderLineFor(product)], { paymentMethod: 'transfer' }))
  )._id;
  await ok(
    t.request({
      method: 'POST',
      url: `/api/payments/orders/${id}/transfer-reference`,
      cookie: a.cookie,
      payload: { reference: 'GC 1234 5678' },
    }),
  );
  return id;
}

/** A fresh order of A's, shipped and delivered; its line. */
async function deliveredLineOfA(): Promise<string> {
  const order = await placeOrderOk(t, a, [orderLineFor(product)]);
  const shipped = await ok(
    t.request({ method: 'POST', url: '/api/shipments', cookie: admin.cookie, payload: shipmentBody(order) }),
    201,
  );
  await ok(
    t.request({
      method: 'PATCH',
      url: `/api/shipments/${shipped.shipment._id}/delivered`,
      cookie: admin.cookie,
    }),
  );
  return order.products[0]!._id;
}

/**
 * A fresh return (or exchange, to size M) of A's delivered line, taken by the admin through
 * `steps` (approve, received); its id.
 */
async function returnOfA(kind: 'return' | 'exchange' = 'return', steps: ('approve' | 'received')[] = []) {
  const itemId = await deliveredLineOfA();
  const body = { itemId, kind, reason: 'wrongSize', ...(kind === 'exchange' ? { size: 'M' } : {}) };
  const { request } = await ok(
    t.request({ method: 'POST', url: '/api/returns', cookie: a.cookie, payload: body }),
    201,
  );
  for (const step of steps) {
    await ok(
      t.request({
        method: 'POST',
        url: `/api/returns/${request._id}/${step}`,
        cookie: admin.cookie,
        ...(step === 'received' ? { payload: {} } : {}),
      }),
    );
  }
  return request._id as string;
}

/** A's return with one photo, made once. */
let photographedReturn: string | undefined;
async function photographedReturnOfA(): Promise<string> {
  if (photographedReturn) return photographedReturn;
  const id = await returnOfA();
  await ok(
    t.request({
      method: 'PUT',
      url: `/api/returns/${id}/photos`,
      cookie: a.cookie,
      ...(await multipartBody({}, [['photo', png]])),
    }),
  );
  photographedReturn = id;
  return id;
}

const ROUTES: Route[] = [
  // users
  {
    method: 'POST',
    path: '/api/users/sign-up',
    expected: everyone(201),
    build: () => ({
      payload: {
        name: 'New Shopper',
        contactNumber: '+639171234567',
        email: `new-${randomUUID()}@example.com`,
        password: 'secret123',
      },
    }),
  },
  {
    method: 'POST',
    path: '/api/users/sign-in',
    expected: everyone(200),
    build: () => ({ payload: { email: a.email, password: 'secret123' } }),
  },
  {
    method: 'POST',
    path: '/api/users/logout',
    expected: everyone(200),
    build: async (caller) => ({ cookie: await freshSession(caller) }),
  },
  { method: 'GET', path: '/api/users/current', expected: everyone(200), build: () => ({}) },
  {
    method: 'PATCH',
    path: '/api/users/:id',
    expected: ownerOnly(200),
    build: async () => ({
      url: `/api/users/${a.id}`,
      ...(await multipartBody({ name: 'Customer A', email: a.email, contactNumber: '+639171234567' }, [
        ['imageUrl', png],
      ])),
    }),
  },
  { method: 'GET', path: '/api/users/all', expected: adminOnly(200), build: () => ({}) },
  { method: 'GET', path: '/api/users/me/export', expected: anyCustomer(200), build: () => ({}) },
  {
    method: 'DELETE',
    path: '/api/users/me',
    expected: anyCustomer(200),
    // A customer deletes an account made for the case, never A or B whom later cases need.
    build: async (caller) => ({
      cookie: caller.startsWith('customer') ? (await signUpCustomer(t)).cookie : standingCookie(caller),
      payload: { password: 'secret123' },
    }),
  },
  {
    method: 'POST',
    path: '/api/users/addAddress/:id',
    expected: ownerOnly(200),
    build: () => ({
      url: `/api/users/addAddress/${a.id}`,
      payload: { newAddress: `${randomUUID()} Rizal St` },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/users/deleteAddress/:id',
    expected: ownerOnly(200),
    build: async () => {
      // The addresses the refused cases left: A may keep only so many.
      await t.database.db.execute(sql`update customers set shipping_addresses = '{}' where id = ${a.id}`);
      const address = `${randomUUID()} Mabini St`;
      const added = await t.request({
        method: 'POST',
        url: `/api/users/addAddress/${a.id}`,
        cookie: a.cookie,
        payload: { newAddress: address },
      });
      if (added.statusCode !== 200) throw new Error(`address failed: ${added.body}`);
      return { url: `/api/users/deleteAddress/${a.id}`, payload: { address } };
    },
  },
  {
    method: 'DELETE',
    path: '/api/users/delete/:id',
    expected: adminOnly(200),
    build: async () => {
      const victim = await signUpCustomer(t);
      return { url: `/api/users/delete/${victim.id}`, payload: { _id: victim.id } };
    },
  },
  // admin
  { method: 'GET', path: '/api/admin', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'POST',
    path: '/api/admin/sign-in',
    expected: everyone(200),
    build: () => ({ payload: { username: ADMIN.username, password: ADMIN.password } }),
  },
  {
    method: 'POST',
    path: '/api/admin/sign-out',
    expected: everyone(200),
    build: async (caller) => ({ cookie: await freshSession(caller) }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/:id',
    expected: adminOnly(200),
    // Each member changes their own profile.
    build: async (caller) => {
      const self = isStaff(caller) ? staff[caller] : { ...admin, name: ADMIN.username, email: ADMIN.email };
      return {
        url: `/api/admin/${self.id}`,
        ...(await multipartBody({ username: self.name, email: self.email }, [['imageUrl', png]])),
      };
    },
  },
  // staff: the owner's Staff page, and the invite link's public steps
  { method: 'GET', path: '/api/admin/staff', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'POST',
    path: '/api/admin/staff/invites',
    expected: adminOnly(201),
    build: () => ({
      payload: { email: `staff-${randomUUID()}@example.com`, name: 'Maria Santos', role: 'support' },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/staff/invites/:id/resend',
    expected: adminOnly(200),
    build: async () => ({ url: `/api/admin/staff/invites/${await inviteId()}/resend` }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/invites/:id',
    expected: adminOnly(200),
    build: async () => ({ url: `/api/admin/staff/invites/${await inviteId()}` }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/staff/:id',
    expected: adminOnly(200),
    // A member made for the case: the standing ones keep their roles.
    build: async () => ({
      url: `/api/admin/staff/${(await signInStaff(t, 'support')).id}`,
      payload: { role: 'fulfilment' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/staff/:id',
    expected: adminOnly(200),
    build: async () => ({ url: `/api/admin/staff/${(await signInStaff(t, 'support')).id}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/invites/check',
    expected: everyone(200),
    build: async () => ({ payload: { token: await staffInviteLinkFor(t) } }),
  },
  {
    method: 'POST',
    path: '/api/admin/invites/accept',
    expected: everyone(201),
    build: async () => ({
      payload: {
        token: await staffInviteLinkFor(t),
        username: `joiner-${randomUUID().slice(0, 8)}`,
        password: 'joiner-secret-1',
      },
    }),
  },
  // accounts: passwords and sessions
  {
    method: 'POST',
    path: '/api/users/forgot-password',
    expected: everyone(200),
    // An address of its own each time: requests for one address are throttled.
    build: () => ({ payload: { email: `matrix-${randomUUID()}@example.com` } }),
  },
  {
    method: 'POST',
    path: '/api/users/reset-password/check',
    expected: everyone(200),
    build: async () => ({ payload: { token: await resetLinkFor(t, await signUpCustomer(t)) } }),
  },
  {
    method: 'POST',
    path: '/api/users/reset-password',
    expected: everyone(200),
    // A customer made for the case: a reset ends every session of the account.
    build: async () => ({
      payload: { token: await resetLinkFor(t, await signUpCustomer(t)), password: 'matrix-new-pass' },
    }),
  },
  {
    method: 'POST',
    path: '/api/users/verify-email',
    expected: everyone(200),
    build: async () => ({
      payload: { token: await verificationLinkFor(t, await signUpCustomer(t, {}, { verified: false })) },
    }),
  },
  {
    method: 'POST',
    path: '/api/users/me/verify-email',
    // The standing customers have verified their addresses: nothing is mailed.
    expected: anyCustomer(200),
    build: () => ({}),
  },
  {
    method: 'POST',
    path: '/api/users/me/password',
    expected: anyCustomer(200),
    // A customer changes the password of an account made for the case, never A's or B's.
    build: async (caller) => ({
      cookie: caller.startsWith('customer') ? (await signUpCustomer(t)).cookie : standingCookie(caller),
      payload: { currentPassword: 'secret123', password: 'matrix-new-pass' },
    }),
  },
  {
    method: 'POST',
    path: '/api/admin/me/password',
    expected: adminOnly(200),
    // The same password again: later cases sign in with it.
    build: (caller) => {
      const password = isStaff(caller) ? STAFF_PASSWORD : ADMIN.password;
      return { payload: { currentPassword: password, password } };
    },
  },
  ...(['users', 'admin'] as const).flatMap((who): Route[] => {
    const expected = who === 'users' ? anyCustomer : adminOnly;
    const path = `/api/${who}/me/sessions`;
    return [
      { method: 'GET', path, expected: expected(200), build: () => ({}) },
      {
        method: 'DELETE',
        path: `${path}/:id`,
        expected: expected(200),
        // One of the caller's own sessions, other than the one asking (the others are refused anyway).
        build: async (caller) => {
          const own = caller !== 'anonymous' && (who === 'admin') === inBackOffice(caller);
          const other = own ? await freshSession(caller) : undefined;
          if (!other) return { url: `${path}/${randomUUID()}` };
          const listed = await ok(t.request({ method: 'GET', url: path, cookie: other }));
          const id = (listed as { id: string; current: boolean }[]).find((s) => s.current)!.id;
          return { url: `${path}/${id}` };
        },
      },
      { method: 'DELETE', path, expected: expected(200), build: () => ({}) },
    ];
  }),
  // product
  { method: 'GET', path: '/api/product/all', expected: everyone(200), build: () => ({}) },
  { method: 'GET', path: '/api/product/admin-list', expected: adminOnly(200), build: () => ({}) },
  { method: 'GET', path: '/api/product/best', expected: everyone(200), build: () => ({}) },
  {
    method: 'GET',
    path: '/api/product/suggest',
    expected: everyone(200),
    build: () => ({ url: '/api/product/suggest?q=tee' }),
  },
  {
    method: 'GET',
    path: '/api/product/:id',
    expected: everyone(200),
    build: () => ({ url: `/api/product/${product.id}` }),
  },
  {
    method: 'POST',
    path: '/api/product/add',
    expected: adminOnly(201),
    build: () =>
      multipartBody(
        {
          name: 'Linen Shirt',
          description: 'A cool linen shirt.',
          price: '1299.00',
          size: JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }),
          category: JSON.stringify({ label: 'Men', value: 'Men' }),
          subCategory: JSON.stringify({ label: 'Tops', value: 'Tops' }),
          variationsName: JSON.stringify(['Linen Shirt White']),
        },
        [
          ['imageUrl', png],
          ['varImgUrls', png],
        ],
      ),
  },
  {
    method: 'PATCH',
    path: '/api/product/edit/:id',
    expected: adminOnly(200),
    // The same values it has, so A's orders keep matching the catalogue; as the multipart form
    // that carries new images (none here), refused before it is read.
    build: async () => ({
      url: `/api/product/edit/${product.id}`,
      ...(await multipartBody({
        product: JSON.stringify({
          updatedName: product.name,
          updatedDescription: product.description,
          updatedPrice: product.price,
          updatedCategory: 'Men',
          updatedSubcategory: 'Tops',
          updatedSizes: [...SIZE_PRESETS.Clothes],
          variations: product.variations,
        }),
      })),
    }),
  },
  {
    method: 'PATCH',
    path: '/api/product/stock/:id',
    expected: adminOnly(200),
    // A product of its own: A's orders of the shared one stay untracked.
    build: async () => {
      const tracked = await insertProduct(t);
      return {
        url: `/api/product/stock/${tracked.id}`,
        payload: {
          trackStock: true,
          changes: [{ variation: tracked.variations[0]!.name, size: 'M', delta: 5 }],
        },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/api/product/delete/:id',
    expected: adminOnly(200),
    build: async () => {
      const victim = await insertProduct(t);
      return { url: `/api/product/delete/${victim.id}`, payload: { _id: victim.id } };
    },
  },
  // orders
  {
    method: 'POST',
    path: '/api/orders/placed-order',
    expected: ownerOnly(201),
    ownerInBody: true,
    build: () => ({
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: orderBodyFor(a, [orderLineFor(product)]),
    }),
  },
  {
    method: 'GET',
    path: '/api/orders/user/:userId',
    expected: ownerOnly(200),
    build: () => ({ url: `/api/orders/user/${a.id}` }),
  },
  { method: 'GET', path: '/api/orders/all', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'GET',
    path: '/api/orders/:id',
    expected: ownerOrAdmin(200),
    build: () => ({ url: `/api/orders/${orderOfA}` }),
  },
  {
    method: 'PATCH',
    path: '/api/orders/statusUpdate/:id',
    expected: adminOnly(200),
    build: () => ({
      url: `/api/orders/statusUpdate/${orderOfA}`,
      payload: { updatedStatus: ['toReceive'], userId: a.id },
    }),
  },
  {
    method: 'PATCH',
    path: '/api/orders/checkAndUpdateOrder/:id',
    expected: adminOnly(200),
    build: () => ({ url: `/api/orders/checkAndUpdateOrder/${orderOfA}` }),
  },
  {
    method: 'DELETE',
    path: '/api/orders/delete/:id',
    expected: adminOnly(200),
    build: async () => {
      const victim = (await placeOrderOk(t, a, [orderLineFor(product)]))._id;
      return { url: `/api/orders/delete/${victim}`, payload: { _id: victim } };
    },
  },
  // shipments
  {
    method: 'POST',
    path: '/api/shipments',
    expected: adminOnly(201),
    build: async () => ({ payload: shipmentBody(await placeOrderOk(t, a, [orderLineFor(product)])) }),
  },
  {
    method: 'PATCH',
    path: '/api/shipments/:id/delivered',
    expected: adminOnly(200),
    build: async () => ({ url: `/api/shipments/${await shipmentOfA()}/delivered` }),
  },
  {
    method: 'POST',
    path: '/api/shipments/csv/check',
    expected: adminOnly(200),
    build: () => ({ payload: { csv: `order,courier,tracking\n${orderOfA},LBC,LBC-1\n` } }),
  },
  {
    method: 'POST',
    path: '/api/shipments/csv',
    expected: adminOnly(201),
    build: async () => {
      const order = await placeOrderOk(t, a, [orderLineFor(product)]);
      return { payload: { csv: `order,courier,tracking\n${order._id},LBC,LBC-1\n`, rows: [2] } };
    },
  },
  {
    method: 'GET',
    path: '/api/shipments/packing-slips',
    expected: adminOnly(200),
    build: () => ({ url: `/api/shipments/packing-slips?orderId=${orderOfA}` }),
  },
  // emails
  { method: 'GET', path: '/api/admin/emails', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'GET',
    path: '/api/admin/emails/:id',
    expected: adminOnly(200),
    build: () => ({ url: `/api/admin/emails/${mailToA}` }),
  },
  // returns
  { method: 'GET', path: '/api/returns/mine', expected: anyCustomer(200), build: () => ({}) },
  {
    method: 'POST',
    path: '/api/returns',
    expected: ownerOnly(201),
    ownerInBody: true,
    build: async () => ({
      payload: { itemId: await deliveredLineOfA(), kind: 'return', reason: 'changedMind' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/returns/:id/photos',
    expected: ownerOnly(200),
    build: async () => ({
      url: `/api/returns/${await returnOfA()}/photos`,
      ...(await multipartBody({}, [['photo', png]])),
    }),
  },
  {
    method: 'GET',
    path: '/api/returns/:id/photos/:n',
    expected: ownerOrAdmin(200),
    build: async () => ({ url: `/api/returns/${await photographedReturnOfA()}/photos/0` }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/cancel',
    expected: ownerOnly(200),
    build: async () => ({ url: `/api/returns/${await returnOfA('exchange')}/cancel` }),
  },
  { method: 'GET', path: '/api/returns', expected: adminOnly(200), build: () => ({}) },
  { method: 'GET', path: '/api/returns/report', expected: adminOnly(200), build: () => ({}) },
  { method: 'GET', path: '/api/returns/settings', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'PUT',
    path: '/api/returns/settings',
    expected: adminOnly(200),
    build: () => ({ payload: { windowDays: 7 } }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/approve',
    expected: adminOnly(200),
    build: async () => ({ url: `/api/returns/${await returnOfA()}/approve` }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/refuse',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/returns/${await returnOfA('exchange')}/refuse`,
      payload: { reason: 'Worn' },
    }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/received',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/returns/${await returnOfA('return', ['approve'])}/received`,
      payload: {},
    }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/replacement',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/returns/${await returnOfA('exchange', ['approve', 'received'])}/replacement`,
      payload: { courier: 'lbc', trackingNumber: 'LBC-12345678', shippedOn: '2026-11-28' },
    }),
  },
  {
    method: 'POST',
    path: '/api/returns/:id/refund',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/returns/${await returnOfA('return', ['approve', 'received'])}/refund`,
      payload: {},
    }),
  },
  {
    method: 'POST',
    path: '/api/orders/:id/cancel',
    expected: ownerOnly(200),
    build: async () => {
      const order = await placeOrderOk(t, a, [orderLineFor(product)]);
      return { url: `/api/orders/${order._id}/cancel`, payload: { items: [order.products[0]!._id] } };
    },
  },
  // discounts
  {
    method: 'POST',
    path: '/api/discounts/check',
    expected: anyCustomer(200),
    build: () => ({ payload: { discountCode: 'MATRIX10', subtotal: '699.00' } }),
  },
  { method: 'GET', path: '/api/admin/discounts', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'GET',
    path: '/api/admin/discounts/:id',
    expected: adminOnly(200),
    build: () => ({ url: `/api/admin/discounts/${discountId}` }),
  },
  {
    method: 'POST',
    path: '/api/admin/discounts',
    expected: adminOnly(201),
    build: () => ({ payload: { code: `M${randomUUID().slice(0, 8)}`, kind: 'percent', value: '5' } }),
  },
  {
    method: 'PATCH',
    path: '/api/admin/discounts/:id',
    expected: adminOnly(200),
    build: () => ({ url: `/api/admin/discounts/${discountId}`, payload: { active: true } }),
  },
  // newsletter
  {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    expected: everyone(202),
    build: () => ({ payload: { email: `matrix.${randomUUID()}@example.com` } }),
  },
  {
    method: 'POST',
    path: '/api/newsletter/confirm',
    expected: everyone(200),
    build: () => ({ payload: { token: confirmToken } }),
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    expected: everyone(200),
    build: () => ({ url: `/api/newsletter/unsubscribe?token=${unsubscribeToken}` }),
  },
  { method: 'GET', path: '/api/admin/subscribers', expected: adminOnly(200), build: () => ({}) },
  { method: 'GET', path: '/api/admin/subscribers/export', expected: adminOnly(200), build: () => ({}) },
  // dashboard and reports
  { method: 'GET', path: '/api/admin/dashboard', expected: adminOnly(200), build: () => ({}) },
  ...(['orders', 'payments', 'sales-by-product'] as const).map(
    (report): Route => ({
      method: 'GET',
      path: `/api/admin/reports/${report}`,
      expected: adminOnly(200),
      build: () => ({ url: `/api/admin/reports/${report}?from=2026-11-01&to=2026-11-30` }),
    }),
  ),
  { method: 'GET', path: '/api/admin/reports/stock', expected: adminOnly(200), build: () => ({}) },
  // the catalogue as CSV
  { method: 'GET', path: '/api/admin/catalogue/csv', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'POST',
    path: '/api/admin/catalogue/csv/check',
    expected: adminOnly(200),
    build: async () => ({ payload: { csv: await catalogueFile() } }),
  },
  {
    method: 'POST',
    path: '/api/admin/catalogue/csv',
    expected: adminOnly(200),
    build: async () => {
      const csv = await catalogueFile();
      const url = '/api/admin/catalogue/csv/check';
      const dryRun = await t.request({ method: 'POST', url, cookie: admin.cookie, payload: { csv } });
      return { payload: { csv, token: (dryRun.json() as { token: string }).token } };
    },
  },
  // the catalogue as a ZIP of the CSV (and images, none here)
  {
    method: 'POST',
    path: '/api/admin/catalogue/zip/check',
    expected: adminOnly(200),
    build: async () =>
      multipartBody({}, [['file', await catalogueZip(), 'catalogue.zip', 'application/zip']]),
  },
  {
    method: 'POST',
    path: '/api/admin/catalogue/zip',
    expected: adminOnly(200),
    build: async () => {
      const zip = await catalogueZip();
      const file: FilePart = ['file', zip, 'catalogue.zip', 'application/zip'];
      const url = '/api/admin/catalogue/zip/check';
      const dryRun = await t.request({
        method: 'POST',
        url,
        cookie: admin.cookie,
        ...(await multipartBody({}, [file])),
      });
      return multipartBody({ token: (dryRun.json() as { token: string }).token }, [file]);
    },
  },
  // payments
  { method: 'GET', path: '/api/payments/options', expected: everyone(200), build: () => ({}) },
  { method: 'GET', path: '/api/payments/settings', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'PUT',
    path: '/api/payments/settings',
    expected: adminOnly(200),
    build: () => ({ payload: SETTINGS_ON }),
  },
  {
    method: 'POST',
    path: '/api/payments/accounts',
    expected: adminOnly(201),
    build: () => ({ payload: accountBody() }),
  },
  {
    method: 'PUT',
    path: '/api/payments/accounts/:id',
    expected: adminOnly(200),
    build: () => ({ url: `/api/payments/accounts/${accountId}`, payload: accountBody() }),
  },
  {
    method: 'DELETE',
    path: '/api/payments/accounts/:id',
    expected: adminOnly(200),
    // An account made for the case: the one transfers need stays.
    build: async () => ({ url: `/api/payments/accounts/${await addAccount()}` }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/transfer-reference',
    expected: ownerOnly(200),
    build: () => ({
      url: `/api/payments/orders/${transferOfA}/transfer-reference`,
      payload: { reference: 'GC 1234 5678' },
    }),
  },
  {
    method: 'PUT',
    path: '/api/payments/orders/:id/transfer-proof',
    expected: ownerOnly(200),
    build: async () => ({
      url: `/api/payments/orders/${await referencedTransferOfA()}/transfer-proof`,
      ...(await multipartBody({}, [['proof', png]])),
    }),
  },
  {
    method: 'GET',
    path: '/api/payments/orders/:id/transfer-proof',
    // A's screenshot shows A's own account: A and the back office only.
    expected: ownerOrAdmin(200),
    build: async () => {
      const id = await referencedTransferOfA();
      await ok(
        t.request({
          method: 'PUT',
          url: `/api/payments/orders/${id}/transfer-proof`,
          cookie: a.cookie,
          ...(await multipartBody({}, [['proof', png]])),
        }),
      );
      return { url: `/api/payments/orders/${id}/transfer-proof` };
    },
  },
  {
    method: 'PUT',
    path: '/api/payments/accounts/:id/qr-image',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/payments/accounts/${accountId}/qr-image`,
      ...(await multipartBody({}, [['qrImage', png]])),
    }),
  },
  {
    method: 'DELETE',
    path: '/api/payments/accounts/:id/qr-image',
    expected: adminOnly(200),
    build: () => ({ url: `/api/payments/accounts/${accountId}/qr-image` }),
  },
  {
    method: 'GET',
    path: '/api/payments/orders/:id/ledger',
    expected: adminOnly(200),
    build: () => ({ url: `/api/payments/orders/${orderOfA}/ledger` }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/collections',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/payments/orders/${await codOrderOfA()}/collections`,
      payload: { amount: '1.00', reference: 'RIDER-001' },
    }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/transfer/confirm',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/payments/orders/${await referencedTransferOfA()}/transfer/confirm`,
      payload: { amount: '0.01' },
    }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/transfer/reject',
    expected: adminOnly(200),
    build: async () => ({
      url: `/api/payments/orders/${await referencedTransferOfA()}/transfer/reject`,
      payload: { reason: 'No transfer with this reference' },
    }),
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/refunds',
    expected: adminOnly(200),
    build: async () => {
      const id = await codOrderOfA();
      await ok(
        t.request({
          method: 'POST',
          url: `/api/payments/orders/${id}/collections`,
          cookie: admin.cookie,
          payload: { amount: '1.00' },
        }),
      );
      return {
        url: `/api/payments/orders/${id}/refunds`,
        payload: { amount: '0.01', reference: 'MATRIX-REF-1' },
      };
    },
  },
  {
    method: 'POST',
    path: '/api/payments/orders/:id/checkout',
    // PayMongo is not configured here: the order's own customer is told online payment is off.
    expected: ownerOnly(409),
    build: () => ({ url: `/api/payments/orders/${orderOfA}/checkout` }),
  },
  // size charts
  {
    method: 'GET',
    path: '/api/size-charts/product/:id',
    expected: everyone(200),
    build: () => ({ url: `/api/size-charts/product/${product.id}` }),
  },
  { method: 'GET', path: '/api/size-charts', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'PUT',
    path: '/api/size-charts/:category/:kind',
    expected: adminOnly(200),
    build: () => ({ url: '/api/size-charts/Men/tops', payload: { rows: DEFAULT_SIZE_CHARTS.Men.tops } }),
  },
  // places (the address picker's PSGC list)
  { method: 'GET', path: '/api/places', expected: everyone(200), build: () => ({}) },
  {
    method: 'GET',
    path: '/api/places/cities/:code/barangays',
    expected: everyone(200),
    build: () => ({ url: '/api/places/cities/1380300000/barangays' }),
  },
  // audit log
  { method: 'GET', path: '/api/admin/audit', expected: adminOnly(200), build: () => ({}) },
  { method: 'GET', path: '/api/admin/audit/facets', expected: adminOnly(200), build: () => ({}) },
  {
    method: 'GET',
    path: '/api/admin/audit/export',
    expected: adminOnly(200),
    build: () => ({ url: '/api/admin/audit/export?entity=product' }),
  },
  // health
  { method: 'GET', path: '/api/health', expected: everyone(200), build: () => ({}) },
  { method: 'GET', path: '/api/health/live', expected: everyone(200), build: () => ({}) },
];

/** A staff member whose role lacks the route's permission is refused (403) where the owner is let in. */
function expectedOf(route: Route, caller: Caller): number {
  const status = route.expected[caller];
  const permission = ADMIN_ROUTE_PERMISSIONS[`${route.method} ${route.path}`];
  if (!isStaff(caller) || status >= 400 || !permission) return status;
  return can(caller satisfies StaffRole, permission) ? status : 403;
}

const CASES = ROUTES.flatMap((route) =>
  CALLERS.map((caller) => [route.method, route.path, caller, expectedOf(route, caller), route] as const),
);

const auditRows = () => countRows(t, 'audit_log');

function standingCookie(caller: Caller): string | undefined {
  if (caller === 'customer A') return a.cookie;
  if (caller === 'customer B') return b.cookie;
  if (caller === 'admin') return admin.cookie;
  if (isStaff(caller)) return staff[caller].cookie;
  return undefined;
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await signUpCustomer(t);
  b = await signUpCustomer(t);
  admin = await signInAdmin(t);
  for (const role of STAFF) staff[role] = await signInStaff(t, role);
  product = await insertProduct(t);
  await ok(
    t.request({ method: 'PUT', url: '/api/payments/settings', cookie: admin.cookie, payload: SETTINGS_ON }),
  );
  accountId = await addAccount();
  orderOfA = (await placeOrderOk(t, a, [orderLineFor(product)]))._id;
  transferOfA = (
    await placeOrderOk(t, a, orderBodyFor(a, [orderLineFor(product)], { paymentMethod: 'transfer' }))
  )._id;
  const discount = await t.request({
    method: 'POST',
    url: '/api/admin/discounts',
    cookie: admin.cookie,
    payload: { code: 'MATRIX10', kind: 'percent', value: '10' },
  });
  discountId = discount.json().discount._id;
  const mails = await t.request({ method: 'GET', url: '/api/admin/emails?limit=1', cookie: admin.cookie });
  mailToA = mails.json()[0]._id;
  await t.request({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    payload: { email: 'matrix@example.com' },
  });
  // As mailed (the back office shows the mail with its links' tokens hidden).
  const [{ text } = { text: '' }] = await queryRows<{ text: string }>(
    t,
    sql`select text from outbox where recipient = 'matrix@example.com'`,
  );
  [, confirmToken = ''] = /confirm\?token=([\w-]+)/.exec(text) ?? [];
  [, unsubscribeToken = ''] = /unsubscribe\?token=([\w-]+)/.exec(text) ?? [];
  png = await testPng();
});
afterAll(() => t.close());

describe('authorization matrix', () => {
  it.each(CASES)('%s %s as %s -> %i', async (method, path, caller, status, route) => {
    const request = await route.build(caller);
    const cookie = 'cookie' in request ? request.cookie : standingCookie(caller);
    const audited = await auditRows();
    const response = await t.request({
      method,
      url: request.url ?? path,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
      ...(request.headers ? { headers: request.headers } : {}),
      ...(cookie ? { cookie } : {}),
    });
    expect(response.statusCode, response.body).toBe(status);
    if (status >= 400) expect(response.json()).toEqual({ message: expect.any(String) });
    // Each back-office write leaves exactly one audit row, whatever route adds it later.
    // Sign-ins (anyone's, with the admin's password) and signing out of an admin session too.
    const staff = caller === 'admin' || (STAFF as readonly string[]).includes(caller);
    const backOfficeWrite =
      (staff && method !== 'GET' && status < 300 && route.expected.anonymous >= 400) ||
      path === '/api/admin/sign-in' ||
      (path === '/api/admin/sign-out' && staff);
    const written = backOfficeWrite && !NOT_WRITES.has(`${method} ${path}`) ? 1 : 0;
    expect((await auditRows()) - audited, `audit rows of ${method} ${path}`).toBe(written);
  });

  // Authorization comes before the body is read: an empty or broken body changes nothing.
  const REFUSED = CASES.filter(
    ([, , , status, route]) => (status === 401 || status === 403) && !(route.ownerInBody && status === 403),
  );
  const BODIES = [
    ['an empty JSON body', '{}', 'application/json'],
    ['broken JSON', '{"name":', 'application/json'],
    ['a stray form', 'a=1', 'application/x-www-form-urlencoded'],
  ] as const;
  it.each(REFUSED.flatMap((c) => BODIES.map((body) => [...c, ...body] as const)))(
    '%s %s as %s -> %i with %s',
    async (method, path, caller, status, route, _label, payload, contentType) => {
      const request = await route.build(caller);
      const cookie = 'cookie' in request ? request.cookie : standingCookie(caller);
      const response = await t.request({
        method,
        url: request.url ?? path,
        payload,
        headers: { 'content-type': contentType },
        ...(cookie ? { cookie } : {}),
      });
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toEqual({ message: expect.any(String) });
    },
  );

  it('has one row per route of the OpenAPI document, and a case per caller per row', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const documented = Object.entries(response.json().paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map(
          (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1')}`,
        ),
      );
    const table = ROUTES.map((route) => `${route.method} ${route.path}`);
    expect(new Set(table).size).toBe(table.length);
    expect([...table].sort()).toEqual([...documented].sort());
    expect(CASES).toHaveLength(CALLERS.length * documented.length);
  });
});
