import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import {
  buildTestApp,
  insertProduct,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
} from './helpers.ts';
import { type PayMongoStandIn, paymongoSignature, startPayMongo } from './paymongo.ts';

export const SECRET_KEY = 'sk_test_habi0000000000000000';
export const WEBHOOK_SECRET = 'whsk_habi_test_secret';

export interface OnlineOrder extends OrderJson {
  paymentStatus: string;
  amountPaid: string;
  amountRefunded: string;
  payment: {
    method: string;
    status: string;
    checkoutUrl: string | null;
    review: string | null;
    dueBy: string | null;
    refundDue: string;
  };
}

export interface LedgerRow {
  kind: string;
  amount: string;
  provider_id: string;
  reference: string | null;
  recorded_by: string;
}

/**
 * A store with PayMongo's keys pointing at the stand-in, online payment turned on, an admin, two
 * shoppers and two products; made before the suite's tests and closed after them. Call inside a
 * `describe`; its fields are set once the suite starts.
 */
export function usePayMongoStore() {
  const store = {
    t: undefined as unknown as TestApp,
    paymongo: undefined as unknown as PayMongoStandIn,
    admin: undefined as unknown as SignedIn,
    shopper: undefined as unknown as SignedIn,
    other: undefined as unknown as SignedIn,
    /** ₱699.00 */
    tee: undefined as unknown as ProductRow,
    /** ₱1,234.50 */
    jacket: undefined as unknown as ProductRow,

    async placeOnline(cart = [orderLineFor(store.tee)], key?: string) {
      const response = await placeOrder(
        store.t,
        store.shopper,
        orderBodyFor(store.shopper, cart, { paymentMethod: 'online' }),
        key,
      );
      expect([200, 201], response.body).toContain(response.statusCode);
      return response.json() as { order: OnlineOrder; checkoutUrl?: string };
    },
    /** The order as an admin reads it. */
    async read(id: string) {
      const response = await store.t.request({
        method: 'GET',
        url: `/api/orders/${id}`,
        cookie: store.admin.cookie,
      });
      return response.json() as OnlineOrder;
    },
    /** The stand-in's checkout session for the order. */
    async sessionOf(orderId: string) {
      const [row] = await queryRows<{ id: string }>(
        store.t,
        sql`select checkout_session_id as id from orders where id = ${orderId}`,
      );
      return store.paymongo.sessions.get(row!.id)!;
    },
    webhook(body: string, signature?: string) {
      return store.t.app.inject({
        method: 'POST',
        url: '/api/payments/paymongo/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature === undefined ? {} : { 'paymongo-signature': signature }),
        },
        payload: body,
      });
    },
    /** The event posted to the webhook as PayMongo signs it. */
    signed(event: unknown) {
      const body = JSON.stringify(event);
      return store.webhook(body, paymongoSignature(body, WEBHOOK_SECRET));
    },
    ledgerRows(orderId: string) {
      return queryRows<LedgerRow>(
        store.t,
        sql`select kind, amount, provider_id, reference, recorded_by from payments
            where order_id = ${orderId} order by created_at, id`,
      );
    },
  };

  beforeAll(async () => {
    store.paymongo = await startPayMongo();
    store.t = await buildTestApp({
      PAYMONGO_SECRET_KEY: SECRET_KEY,
      PAYMONGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMONGO_API_URL: store.paymongo.url,
      PUBLIC_URL: 'https://shop.example.com',
    });
    store.admin = await signInAdmin(store.t);
    store.shopper = await signUpCustomer(store.t);
    store.other = await signUpCustomer(store.t);
    store.tee = await insertProduct(store.t, { price: '699.00' });
    store.jacket = await insertProduct(store.t, { name: 'Denim Jacket Blue', price: '1234.50' });
    const on = await store.t.request({
      method: 'PUT',
      url: '/api/payments/settings',
      cookie: store.admin.cookie,
      payload: {
        codEnabled: true,
        codMaxTotal: '',
        transferEnabled: false,
        transferHours: 24,
        onlineEnabled: true,
        onlineMinutes: 60,
      },
    });
    expect(on.statusCode, on.body).toBe(200);
  });
  afterAll(async () => {
    await store.t.close();
    await store.paymongo.close();
  });
  beforeEach(() => {
    store.paymongo.state.fail = 'none';
    store.paymongo.state.delayMs = 0;
    store.paymongo.state.refundStatus = 'pending';
  });
  return store;
}
