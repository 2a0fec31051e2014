import type { PlaceOrderInput } from '@habi/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRow } from '../../db/schema.ts';
import { customers } from '../../db/schema.ts';
import {
  countRows,
  insertProduct,
  insertTrackedTee,
  newOrderKey,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';
import { PaymentSettingsStore } from '../payment-settings/index.ts';
import { placeAsRead, readCart } from './place-as-read.ts';
import { requestHash } from './place-order.ts';

const MAIL = { storeName: 'Habi' };
const TABLES = ['orders', 'order_items', 'idempotency_keys', 'outbox'];

// The usual order's one statement, priced from a read made before it: whatever changed in between
// makes it write nothing (the transaction then decides); nothing changed, it writes the whole order.
describe('an order placed as read', () => {
  const ctx = useTestApp();
  let customer: CustomerRow;
  let tee: ProductRow;
  let tote: ProductRow;

  const db = () => ctx.t.database.db;
  const counts = () => Promise.all(TABLES.map((table) => countRows(ctx.t, table)));

  beforeAll(async () => {
    const signedIn = await signUpCustomer(ctx.t);
    [customer] = (await db().select().from(customers).where(eq(customers.id, signedIn.id))) as [CustomerRow];
    tee = await insertProduct(ctx.t, { price: '450.00' });
    tote = await insertProduct(ctx.t, { price: '120.02', sizes: [], variations: [] });
  });

  const inputFor = (...products: ProductRow[]) =>
    orderBodyFor(
      customer,
      products.map((product) => orderLineFor(product)),
    ) as PlaceOrderInput;
  const claimFor = (input: PlaceOrderInput, key = newOrderKey()) => ({ key, hash: requestHash(input) });

  /** Reads the cart, runs `meanwhile`, then places as read (as `who`): expects nothing written. */
  async function expectNothingWritten(
    input: PlaceOrderInput,
    meanwhile: () => Promise<unknown>,
    claim: { key: string; hash: string } | undefined = claimFor(input),
    who: CustomerRow = customer,
  ) {
    const read = await readCart(db(), input);
    await meanwhile();
    const before = await counts();
    expect(
      await placeAsRead(
        db(),
        who,
        input,
        claim,
        MAIL,
        await new PaymentSettingsStore(db(), false).read(),
        read,
      ),
    ).toBeUndefined();
    expect(await counts()).toEqual(before);
  }

  /** The order an Idempotency-Key of the customer's is linked to. */
  async function keyedOrder(key: string) {
    const [row] = (
      (await db().execute(
        sql`select order_id from idempotency_keys where customer_id = ${customer.id} and key = ${key}`,
      )) as unknown as { rows: { order_id: string }[] }
    ).rows;
    return row?.order_id;
  }

  it('writes the order, its lines, its key and its mail when nothing changed since the read', async () => {
    const input = inputFor(tee, tote);
    const claim = claimFor(input);
    const before = await counts();
    const read = await readCart(db(), input);
    const order = await placeAsRead(
      db(),
      customer,
      input,
      claim,
      MAIL,
      await new PaymentSettingsStore(db(), false).read(),
      read,
    );
    expect(order).toMatchObject({ user: customer.name, total: input.total, createdAt: expect.any(String) });
    expect(order!.products.map((line) => line.productId)).toEqual([tee.id, tote.id]);
    expect(await counts()).toEqual([before[0]! + 1, before[1]! + 2, before[2]! + 1, before[3]! + 1]);
    expect(await keyedOrder(claim.key)).toBe(order!._id);
    const [mail] = (
      (await db().execute(
        sql`select recipient from outbox where kind = 'order-placed' order by created_at desc limit 1`,
      )) as unknown as { rows: { recipient: string }[] }
    ).rows;
    expect(mail?.recipient).toBe(customer.email);
  });

  it('writes nothing when a product was repriced, edited in any other way or deleted after the read', async () => {
    // Each change to a product of its own, priced as it was read.
    const changes = [
      sql`update products set price = 451 where id = `,
      sql`update products set description = 'Now in linen.' where id = `,
      sql`delete from products where id = `,
    ];
    for (const change of changes) {
      const changed = await insertProduct(ctx.t);
      await expectNothingWritten(inputFor(tote, changed), () => db().execute(sql`${change}${changed.id}`));
    }
  });

  it("writes nothing when the customer's email changed or the customer is gone", async () => {
    const input = inputFor(tee);
    await expectNothingWritten(input, () =>
      db().execute(sql`update customers set email = 'moved@example.com' where id = ${customer.id}`),
    );
    await db().execute(sql`update customers set email = ${customer.email} where id = ${customer.id}`);
    const gone = await signUpCustomer(ctx.t);
    const [goneRow] = (await db().select().from(customers).where(eq(customers.id, gone.id))) as [CustomerRow];
    const goneInput = orderBodyFor(gone, [orderLineFor(tee)]) as PlaceOrderInput;
    await expectNothingWritten(
      goneInput,
      () => db().execute(sql`delete from customers where id = ${gone.id}`),
      claimFor(goneInput),
      goneRow,
    );
  });

  it('writes nothing when its Idempotency-Key was used, and leaves that key as it was', async () => {
    const input = inputFor(tee);
    const claim = claimFor(input);
    const first = await placeAsRead(
      db(),
      customer,
      input,
      claim,
      MAIL,
      await new PaymentSettingsStore(db(), false).read(),
      await readCart(db(), input),
    );
    await expectNothingWritten(input, async () => {}, claim);
    expect(await keyedOrder(claim.key)).toBe(first!._id);
  });

  it('leaves an order with stock to take, or a cart it cannot price as read, to the transaction', async () => {
    const tracked = await insertTrackedTee(ctx.t, { 'Navy S': 5 });
    await expectNothingWritten(inputFor(tracked), async () => {});
    const stale = orderBodyFor(customer, [orderLineFor(tee, { price: '1.00' })]) as PlaceOrderInput;
    await expectNothingWritten(stale, async () => {});
  });

  // PGlite has one connection: a second writer at the same moment needs PostgreSQL.
  it.runIf(process.env.DATABASE_URL)(
    'waits for a change to a product in flight, then writes nothing',
    async () => {
      const input = inputFor(tee);
      const read = await readCart(db(), input);
      let placing: Promise<unknown> | undefined;
      const before = await counts();
      await db().transaction(async (tx) => {
        await tx.execute(sql`update products set price = 452 where id = ${tee.id}`);
        placing = placeAsRead(
          db(),
          customer,
          input,
          claimFor(input),
          MAIL,
          await new PaymentSettingsStore(db(), false).read(),
          read,
        );
        // The statement is waiting on the product's lock before the change commits. Asked on
        // another connection: inside a transaction, pg_stat_activity stays as it was first read.
        await expect
          .poll(
            async () =>
              (
                (await db().execute(
                  sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'with "c" as%'`,
                )) as unknown as { rows: { n: number }[] }
              ).rows[0]?.n,
            { timeout: 10_000 },
          )
          .toBe(1);
      });
      expect(await placing).toBeUndefined();
      expect(await counts()).toEqual(before);
    },
  );
});
