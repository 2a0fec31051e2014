import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  insertTrackedTee,
  type OrderJson,
  orderBodyFor,
  orderLineFor,
  type ProductRow,
  placeOrder,
  placeOrderOk,
  queryRows,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  type TestApp,
  teeStock,
  useTestApp,
} from '../../test/helpers.ts';

/** The counters as kept, by product. */
const kept = (t: TestApp) =>
  queryRows<{ product_id: string; sold: number }>(
    t,
    sql`select product_id, sold from product_sales where sold <> 0 order by product_id`,
  );
/** The same counts added up from every ordered line: what the counters stand in for. */
const addedUp = (t: TestApp) =>
  queryRows<{ product_id: string; sold: number }>(
    t,
    sql`select product_id, sum(quantity)::int as sold from order_items
        where product_id is not null and status <> 'cancelled'
        group by product_id having sum(quantity) <> 0 order by product_id`,
  );

describe('Best Collections counters', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let customer: SignedIn;
  let shirt: ProductRow;
  let tee: ProductRow;
  let cap: ProductRow;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    customer = await signUpCustomer(ctx.t);
    shirt = await insertProduct(ctx.t, { name: 'Counted Shirt' });
    tee = await insertProduct(ctx.t, { name: 'Counted Tee' });
    cap = await insertProduct(ctx.t, { name: 'Counted Cap' });
  });

  const setStatuses = (order: OrderJson, updatedStatus: string[]) =>
    ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${order._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus },
    });
  const best = async () =>
    (await ctx.t.request({ method: 'GET', url: '/api/product/best' }))
      .json()
      .map((p: { name: string }) => p.name);

  it('counts each product as its lines are ordered, cancelled, restored and deleted', async () => {
    const first = await placeOrderOk(ctx.t, customer, [
      orderLineFor(shirt, { quantity: 3 }),
      orderLineFor(tee, { quantity: 2 }),
    ]);
    const second = await placeOrderOk(ctx.t, customer, [
      orderLineFor(tee, { quantity: 4 }),
      orderLineFor(cap),
    ]);
    const sold = async () => Object.fromEntries((await kept(ctx.t)).map((r) => [r.product_id, r.sold]));
    expect(await sold()).toEqual({ [shirt.id]: 3, [tee.id]: 6, [cap.id]: 1 });
    expect((await best()).slice(0, 3)).toEqual(['Counted Tee', 'Counted Shirt', 'Counted Cap']);

    // The second order's tee line cancelled: the shirt leads.
    expect((await setStatuses(second, ['cancelled', 'toPay'])).statusCode).toBe(200);
    expect(await sold()).toEqual({ [shirt.id]: 3, [tee.id]: 2, [cap.id]: 1 });
    expect((await best()).slice(0, 3)).toEqual(['Counted Shirt', 'Counted Tee', 'Counted Cap']);
    // Set again: counted once.
    expect((await setStatuses(second, ['cancelled', 'toPay'])).statusCode).toBe(200);
    expect(await sold()).toEqual({ [shirt.id]: 3, [tee.id]: 2, [cap.id]: 1 });
    // Restored.
    expect((await setStatuses(second, ['toPay', 'toPay'])).statusCode).toBe(200);
    expect(await sold()).toEqual({ [shirt.id]: 3, [tee.id]: 6, [cap.id]: 1 });

    // A deleted order takes its lines' counts with it; a deleted product its counter.
    const deleted = await ctx.t.request({
      method: 'DELETE',
      url: `/api/orders/delete/${first._id}`,
      cookie: admin.cookie,
      payload: { _id: first._id },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await sold()).toEqual({ [tee.id]: 4, [cap.id]: 1 });
    const gone = await ctx.t.request({
      method: 'DELETE',
      url: `/api/product/delete/${cap.id}`,
      cookie: admin.cookie,
      payload: { _id: cap.id },
    });
    expect(gone.statusCode).toBe(200);
    expect(await sold()).toEqual({ [tee.id]: 4 });
    expect(await kept(ctx.t)).toEqual(await addedUp(ctx.t));
  });

  it('counts nothing for an order refused or rolled back', async () => {
    const before = await kept(ctx.t);
    const tracked = await insertTrackedTee(ctx.t, teeStock({ M: 1 }));
    const refused = await placeOrder(
      ctx.t,
      customer,
      orderBodyFor(customer, [
        orderLineFor(shirt, { quantity: 5 }),
        orderLineFor(tracked, { size: 'M', quantity: 2 }),
      ]),
    );
    expect(refused.statusCode).toBe(409);
    expect(await kept(ctx.t)).toEqual(before);
  });

  it('keeps exact counts when many checkouts order the same products at once, in any line order', async () => {
    const hat = await insertProduct(ctx.t, { name: 'Raced Hat' });
    const scarf = await insertProduct(ctx.t, { name: 'Raced Scarf' });
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => signUpCustomer(ctx.t)));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const who = shoppers[i % shoppers.length]!;
        const lines =
          i % 2 === 0
            ? [orderLineFor(hat, { quantity: 2 }), orderLineFor(scarf)]
            : [orderLineFor(scarf), orderLineFor(hat, { quantity: 2 })];
        return placeOrder(ctx.t, who, orderBodyFor(who, lines));
      }),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(40).fill(201));
    const sold = Object.fromEntries((await kept(ctx.t)).map((r) => [r.product_id, r.sold]));
    expect(sold[hat.id]).toBe(80);
    expect(sold[scarf.id]).toBe(40);
    expect(await kept(ctx.t)).toEqual(await addedUp(ctx.t));
    expect((await best())[0]).toBe('Raced Hat');
  });

  it('raises the versions once per transaction, however many lines it writes', async () => {
    const versions = async () =>
      (
        await queryRows<{ catalogue: string; sales: string }>(
          ctx.t,
          sql`select (select sum(n) from catalogue_versions)::text as catalogue,
                     (select sum(n) from sales_versions)::text as sales`,
        )
      )[0]!;
    const before = await versions();
    // One order of 20 lines, each counted by its own trigger call, each product edited alone.
    const lines = await Promise.all(
      Array.from({ length: 20 }, (_, i) => insertProduct(ctx.t, { name: `Bulk Tee ${i}` })),
    );
    const afterProducts = await versions();
    expect(BigInt(afterProducts.catalogue) - BigInt(before.catalogue)).toBe(20n);
    await placeOrderOk(
      ctx.t,
      customer,
      lines.map((product) => orderLineFor(product)),
    );
    const afterOrder = await versions();
    expect(BigInt(afterOrder.sales) - BigInt(afterProducts.sales)).toBe(1n);
    expect(afterOrder.catalogue).toBe(afterProducts.catalogue);
  });
});
