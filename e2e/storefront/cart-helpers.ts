import { CART_STORAGE_KEY } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, newShopper, signUpViaApi } from '../fixtures.ts';

/** Saves `lines` as the browser's cart (on the store's origin), before a page of it loads. */
export async function saveCart(page: Page, lines: unknown[]) {
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CART_STORAGE_KEY,
    JSON.stringify(lines),
  ] as const);
}

/** Two Men Crew T-shirts (₱399.00) in M with FREE delivery, as the product page would add them. */
export async function teeLine(request: APIRequestContext) {
  const found = (await (await request.get('/api/product/all?q=Men%20Crew%20T-shirt')).json()) as {
    _id: string;
    name: string;
  }[];
  const summary = found.find((p) => p.name.startsWith('Men Crew T-shirt'));
  expect(summary, 'the demo Men Crew T-shirt').toBeDefined();
  const product = (await (await request.get(`/api/product/${summary!._id}`)).json()) as {
    id: string;
    price: string;
    variations: { name: string; imageUrl: string }[];
  };
  expect(product.price).toBe('399.00');
  return {
    cartProductId: 'e2e-discount-line',
    productId: product.id,
    name: product.variations[0]!.name,
    imageUrl: product.variations[0]!.imageUrl,
    price: product.price,
    size: 'M',
    quantity: 2,
    deliveryOption: { value: 'standard', fee: 0 },
  };
}

/** A signed-in shopper with an address and two tees in the cart, on /cart. */
export async function shopperAtCart(page: Page, baseURL: string, details = newShopper()) {
  const shopper = await signUpViaApi(page.request, baseURL, details);
  const address = await page.request.post(`/api/users/addAddress/${shopper.id}`, {
    data: { newAddress: '12 Mabini St, Ermita, Manila 1000' },
    headers: { origin: baseURL },
  });
  expect(address.status()).toBe(200);
  const line = await teeLine(page.request);
  await saveCart(page, [line]);
  await page.goto('/cart');
  await expect(page.getByText('Hello,', { exact: false })).toBeVisible();
  return shopper;
}
