import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertProduct,
  orderLineFor,
  type ProductRow,
  placeOrderOk,
  type SignedIn,
  signInAdmin,
  signUpCustomer,
  useTestApp,
} from '../../test/helpers.ts';

describe('packing slips', () => {
  const ctx = useTestApp();
  let admin: SignedIn;
  let shopper: SignedIn;
  let shirt: ProductRow;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.t);
    shopper = await signUpCustomer(ctx.t, { name: 'Jose Cruz' });
    shirt = await insertProduct(ctx.t, { name: 'Linen Polo' });
  });

  const slips = (query: string, cookie = admin.cookie) =>
    ctx.t.request({ method: 'GET', url: `/api/shipments/packing-slips?${query}`, cookie });

  it('gives each order’s slip, in the order asked, with the cash to collect to the centavo', async () => {
    // Two lines of ₱699.00: subtotal 1,398.00, tax 139.80, total 1,537.80; each line's share 768.90.
    const first = await placeOrderOk(ctx.t, shopper, [
      orderLineFor(shirt, { size: 'M', quantity: 1 }),
      orderLineFor(shirt, { name: shirt.variations[1]!.name, size: 'L', quantity: 1 }),
    ]);
    const second = await placeOrderOk(ctx.t, shopper, [orderLineFor(shirt, { quantity: 2 })]);
    const collected = await ctx.t.request({
      method: 'POST',
      url: `/api/payments/orders/${first._id}/collections`,
      cookie: admin.cookie,
      payload: { amount: '100.05' },
    });
    expect(collected.statusCode, collected.body).toBe(200);

    const response = await slips(`orderId=${second._id}&orderId=${first._id}`);
    expect(response.statusCode, response.body).toBe(200);
    const [b, a] = response.json().slips;
    expect(b.orderId).toBe(second._id);
    expect(a).toEqual({
      orderId: first._id,
      createdAt: first.createdAt,
      customerName: 'Jose Cruz',
      contactNumber: expect.stringMatching(/^\+63\d{10}$/),
      shippingAddress: first.shippingAddress,
      paymentMethod: 'cod',
      collect: '1437.75',
      items: [
        {
          name: shirt.variations[0]!.name,
          variation: shirt.variations[0]!.name,
          size: 'M',
          sku: null,
          quantity: 1,
          shipped: false,
        },
        {
          name: shirt.variations[1]!.name,
          variation: shirt.variations[1]!.name,
          size: 'L',
          sku: null,
          quantity: 1,
          shipped: false,
        },
      ],
    });

    // A cancelled line leaves the slip and what is owed; a shipped one is marked.
    await ctx.t.request({
      method: 'PATCH',
      url: `/api/orders/statusUpdate/${first._id}`,
      cookie: admin.cookie,
      payload: { updatedStatus: ['cancelled', 'toPay'] },
    });
    const shipped = await ctx.t.request({
      method: 'POST',
      url: '/api/shipments',
      cookie: admin.cookie,
      payload: {
        orderId: first._id,
        lines: [first.products[1]!._id],
        courier: 'lbc',
        trackingNumber: 'LBC-123',
        shippedOn: '2026-11-27',
      },
    });
    expect(shipped.statusCode, shipped.body).toBe(201);
    const [after] = (await slips(`orderId=${first._id}`)).json().slips;
    expect(after.collect).toBe('668.85');
    expect(after.items).toEqual([expect.objectContaining({ size: 'L', shipped: true })]);
  });

  it('is 404 for an unknown order, 400 for a bad id, and 401 for a shopper', async () => {
    const order = await placeOrderOk(ctx.t, shopper, [orderLineFor(shirt)]);
    expect(
      (await slips(`orderId=${order._id}&orderId=3b241101-e2bb-4255-8caf-4136c566a962`)).statusCode,
    ).toBe(404);
    expect((await slips('orderId=nope')).statusCode).toBe(400);
    expect((await slips('')).statusCode).toBe(400);
    expect((await slips(`orderId=${order._id}`, shopper.cookie)).statusCode).toBe(401);
  });
});
