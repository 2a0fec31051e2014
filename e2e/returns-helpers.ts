import type { Order, Product } from '@habi/shared';
import type { APIRequestContext } from '@playwright/test';
import { adminApi, createProductViaApi, placeOrder, uniqueTag } from './admin/helpers.ts';
import { expect, signUpViaApi } from './fixtures.ts';

/** A J&T Express waybill number of this run: 12 digits. */
export const jntNumber = () => `76${Date.now().toString().slice(-10)}`;

/** What left of a tracked product in one size (it has no variations). */
export async function stockOf(api: APIRequestContext, productId: string, size: string) {
  const product = (await (await api.get(`/api/product/${productId}`)).json()) as Product;
  return product.stock?.find((level) => level.size === size)?.quantity;
}

/**
 * A tee tracking stock (M and L), a new shopper signed in on `request`, and their order of one M,
 * shipped and delivered by the admin; `paid`: its cash collected first.
 */
export async function deliveredTee(
  playwright: Parameters<typeof adminApi>[0],
  request: APIRequestContext,
  baseURL: string,
  { stock = { M: 3, L: 2 }, paid = false }: { stock?: Record<string, number>; paid?: boolean } = {},
) {
  const api = await adminApi(playwright, baseURL);
  const name = `Returns ${uniqueTag()} Tee`;
  const id = await createProductViaApi(api, {
    name,
    price: '600.00',
    stock: {
      trackStock: true,
      quantities: Object.entries(stock).map(([size, quantity]) => ({ variation: '', size, quantity })),
    },
  });
  const product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
  const shopper = await signUpViaApi(request, baseURL);
  const order: Order = await placeOrder(request, baseURL, shopper.id, [
    { product, variation: 0, size: 'M', quantity: 1, fee: 0 },
  ]);
  if (paid) {
    const collected = await api.post(`/api/payments/orders/${order._id}/collections`, {
      data: { amount: order.total, reference: 'RIDER-E2E-1' },
    });
    expect(collected.status(), await collected.text()).toBe(200);
  }
  const shipped = await api.post('/api/shipments', {
    data: {
      orderId: order._id,
      lines: [order.products[0]!._id],
      courier: 'jnt',
      trackingNumber: jntNumber(),
      shippedOn: '2026-11-27',
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  const shipment = (await shipped.json()).shipment._id as string;
  const delivered = await api.patch(`/api/shipments/${shipment}/delivered`);
  expect(delivered.status(), await delivered.text()).toBe(200);
  return { api, product, name, shopper, order };
}
