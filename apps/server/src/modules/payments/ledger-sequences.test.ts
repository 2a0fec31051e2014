import { parseCentavos } from '@habi/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';

type Step =
  | { op: 'collect'; centavos: number }
  | { op: 'refund'; centavos: number }
  | { op: 'cancel' | 'restore'; line: number };

const money = (centavos: number) =>
  `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
const centavos = (text: string) => parseCentavos(text) ?? Number.NaN;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('collect' as const), centavos: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({ op: fc.constant('refund' as const), centavos: fc.integer({ min: 1, max: 300_000 }) }),
  fc.record({
    op: fc.constantFrom('cancel' as const, 'restore' as const),
    line: fc.integer({ min: 0, max: 2 }),
  }),
);

describe('the ledger under any sequence of payments, cancellations and refunds', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let shopper: SignedIn;
  let products: ProductRow[];

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    shopper = await signUpCustomer(ctx.t);
    products = [
      await insertProduct(ctx.t, { price: '699.00' }),
      await insertProduct(ctx.t, { price: '1234.50' }),
      await insertProduct(ctx.t, { price: '89.99' }),
    ];
  });

  /** The order's sums as stored, its ledger's sums, and what the API reads of it. */
  async function state(orderId: string) {
    const [row] = await queryRows<{ paid: string; refunded: string; in: string; out: string }>(
      ctx.t,
      sql`select amount_paid as paid, amount_refunded as refunded,
        (select coalesce(sum(amount), 0)::numeric(12,2)::text from payments where order_id = o.id and kind = 'payment') as in,
        (select coalesce(sum(amount), 0)::numeric(12,2)::text from payments where order_id = o.id and kind = 'refund') as out
        from orders o where id = ${orderId}`,
    );
    const read = await ctx.t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: admin.cookie });
    return { row: row!, order: read.json() };
  }

  it('keeps every order’s paid and refunded equal to its ledger, and never refunds beyond what was paid', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const placed = await placeOrderOk(
          ctx.t,
          shopper,
          products.map((p) => orderLineFor(p, { deliveryOption: { fee: 50 } })),
        );
        const url = `/api/payments/orders/${placed._id}`;
        const statuses: string[] = ['toPay', 'toPay', 'toPay'];
        for (const s of steps) {
          let answer: { statusCode: number; body: string };
          if (s.op === 'collect' || s.op === 'refund') {
            answer = await ctx.t.request({
              method: 'POST',
              url: `${url}/${s.op === 'collect' ? 'collections' : 'refunds'}`,
              cookie: admin.cookie,
              payload: { amount: money(s.centavos), reference: 'SEQ-REF-1' },
            });
          } else {
            const next = statuses.map((status, i) =>
              i === s.line ? (s.op === 'cancel' ? 'cancelled' : 'toPay') : status,
            );
            answer = await ctx.t.request({
              method: 'PATCH',
              url: `/api/orders/statusUpdate/${placed._id}`,
              cookie: admin.cookie,
              payload: { updatedStatus: next },
            });
            if (answer.statusCode === 200) statuses.splice(0, 3, ...next);
          }
          // Refused or taken, never a fault.
          expect([200, 409], answer.body).toContain(answer.statusCode);
          const { row, order } = await state(placed._id);
          expect(row.paid).toBe(row.in);
          expect(row.refunded).toBe(row.out);
          expect(order.amountPaid).toBe(row.in);
          expect(order.amountRefunded).toBe(row.out);
          expect(centavos(row.refunded)).toBeLessThanOrEqual(centavos(row.paid));
          // What the shop keeps is never more than the order's total.
          expect(centavos(row.paid) - centavos(row.refunded)).toBeLessThanOrEqual(centavos(placed.total));
          if (order.paymentStatus === 'refunded') expect(row.refunded).toBe(row.paid);
        }
      }),
      { numRuns: 25 },
    );
  });
});
