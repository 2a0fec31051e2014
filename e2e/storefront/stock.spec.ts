import { NEXT_CURSOR_HEADER, type Order, type Product, type ProductSummary } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, createProductViaApi, uniqueTag } from '../admin/helpers.ts';
import {
  actOnceTheAppIsReady,
  expect,
  expectAccessible,
  newShopper,
  signUpViaApi,
  test,
} from '../fixtures.ts';
import { results } from './listing.ts';

// Stock on the storefront (docs/business-rules.md, Stock): sold-out sizes, "Only N left", the
// quantity on offer, sold-out products, and the cart's word on lines stock can no longer fill.
// Demo products are only read here; a test that changes stock makes a product of its own.

const SHORT = 'Some items in your cart are no longer available in that quantity';

const cartLines = (page: Page) =>
  page.getByRole('region', { name: 'Review your Cart' }).getByRole('listitem');
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first();

/** The whole catalogue, oldest first: the seeded products before any a test made. */
async function demoCatalogue(request: APIRequestContext): Promise<ProductSummary[]> {
  const all: ProductSummary[] = [];
  let cursor: string | undefined;
  do {
    const response = await request.get('/api/product/all', { params: cursor ? { cursor } : {} });
    expect(response.ok()).toBe(true);
    all.push(...((await response.json()) as ProductSummary[]));
    cursor = response.headers()[NEXT_CURSOR_HEADER];
  } while (cursor);
  return all.reverse();
}

async function productById(request: APIRequestContext, id: string): Promise<Product> {
  const response = await request.get(`/api/product/${id}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/**
 * A demo product with a variation (not the first, which always has plenty) that has a sold-out
 * size and a size with 2 to 5 left, as the store holds them now.
 */
async function variationWithSoldOutAndLowSizes(request: APIRequestContext) {
  for (const summary of await demoCatalogue(request)) {
    if (summary.stockTotal === null || summary.soldOut) continue;
    const product = await productById(request, summary._id);
    if (product.size.length === 0) continue;
    for (const [index, variation] of product.variations.entries()) {
      const levels = (product.stock ?? []).filter((level) => level.variation === variation.name);
      const soldOut = levels.find((level) => level.quantity === 0);
      const low = levels.find((level) => level.quantity >= 2 && level.quantity <= 5);
      if (index > 0 && soldOut && low) return { product, variation, soldOut, low };
    }
  }
  throw new Error('The demo catalogue has no variation with a sold-out and a low size');
}

/** A new product without variations that tracks stock: these quantities by size, none of the others. */
function trackedProduct(api: APIRequestContext, name: string, quantities: Record<string, number>) {
  return createProductViaApi(api, {
    name,
    stock: {
      trackStock: true,
      quantities: Object.entries(quantities).map(([size, quantity]) => ({ variation: '', size, quantity })),
    },
  });
}

async function addAddressViaApi(request: APIRequestContext, baseURL: string, userId: string) {
  const response = await request.post(`/api/users/addAddress/${userId}`, {
    data: { newAddress: '12 Mabini St., Poblacion, Makati City 1210' },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Changes one size's stock of a product without variations by `delta`, as the back office does. */
async function changeStock(api: APIRequestContext, productId: string, size: string, delta: number) {
  const response = await api.patch(`/api/product/stock/${productId}`, {
    data: { changes: [{ variation: '', size, delta }] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function stockOf(request: APIRequestContext, productId: string) {
  const product = await productById(request, productId);
  return Object.fromEntries((product.stock ?? []).map((level) => [level.size, level.quantity]));
}

test('a sold-out size is disabled and announced; a low one says how many are left and offers no more', async ({
  page,
}) => {
  const { product, variation, soldOut, low } = await variationWithSoldOutAndLowSizes(page.request);
  await page.goto(`/view?pid=${product._id}`);
  await page.getByRole('button', { name: variation.name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(variation.name);

  const goneSize = page.getByRole('radio', { name: `${soldOut.size}, sold out`, exact: true });
  await expect(goneSize).toBeVisible();
  await expect(goneSize).toBeDisabled();
  await expect(page.getByText(`Only ${low.quantity} left`)).toHaveCount(0);

  await page.getByRole('radio', { name: low.size, exact: true }).check();
  await expect(page.getByText(`Only ${low.quantity} left`, { exact: true })).toBeVisible();
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveAttribute('max', String(low.quantity));
  const increase = page.getByRole('button', { name: 'Increase quantity' });
  for (let shown = 1; shown < low.quantity; shown += 1) await increase.click();
  await expect(quantity).toHaveValue(String(low.quantity));
  await expect(increase).toBeDisabled();
  // A typed number beyond what is left is taken as the most there is.
  await quantity.fill('99');
  await expect(quantity).toHaveValue(String(low.quantity));
  await expectAccessible(page);

  // All that is left goes into the cart; the page then offers no more of it, and says why.
  const addToCart = page.getByRole('button', { name: 'Add to Cart' });
  await addToCart.click();
  await expect(toast(page, 'Added to the cart.')).toBeVisible();
  await expect(addToCart).toBeDisabled();
  await expect(page.getByText(`${low.quantity} already in your cart`, { exact: true })).toBeVisible();
  const lines = await page.evaluate(() => JSON.parse(localStorage.getItem('habi.cart.v1') ?? '[]'));
  expect(lines).toEqual([
    expect.objectContaining({
      productId: product._id,
      name: variation.name,
      size: low.size,
      quantity: low.quantity,
    }),
  ]);
});

test('a product sold out whole says so on its card and its page', async ({ page }) => {
  const summary = (await demoCatalogue(page.request)).find((p) => p.soldOut);
  expect(summary, 'a sold-out demo product').toBeDefined();
  const product = await productById(page.request, summary!._id);
  await page.goto(`/products?category=${product.category}&subCategory=${product.subCategory}`);

  const card = results(page).getByRole('link', { name: product.name });
  await expect(card).toContainText('Sold out');
  // Cards in stock carry no badge.
  await expect(results(page).getByText('Sold out', { exact: true })).toHaveCount(1);
  await expectAccessible(page);

  await card.click();
  await expect(page).toHaveURL(`/view?pid=${product._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    product.variations[0]?.name ?? product.name,
  );
  await expect(page.getByText('Sold out', { exact: true })).toBeVisible();
  await expect(page.getByText('This product has sold out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  for (const size of product.size) {
    await expect(page.getByRole('radio', { name: `${size}, sold out`, exact: true })).toBeDisabled();
  }
  await expectAccessible(page);
});

test('the cart says when stock falls below a line, checkout refuses it inline, and a lower quantity orders', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const api = await adminApi(playwright, baseURL!);
  const name = `Stock Tee ${uniqueTag()}`;
  // S is left plenty: other tests order the newest products in their first size.
  const productId = await trackedProduct(api, name, { S: 50, M: 5, L: 4 });
  const shopper = await signUpViaApi(page.request, baseURL!, newShopper());
  await addAddressViaApi(page.request, baseURL!, shopper.id);

  // Three of M, then two of L: lines 0 and 1 of the order.
  await page.goto(`/view?pid=${productId}`);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  await expect(page.getByText('Only 5 left', { exact: true })).toBeVisible();
  await expect(quantity).toHaveAttribute('max', '5');
  await quantity.fill('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toast(page, 'Added to the cart.')).toBeVisible();
  await page.getByRole('radio', { name: 'L', exact: true }).check();
  await expect(page.getByText('Only 4 left', { exact: true })).toBeVisible();
  await quantity.fill('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible();

  await page.goto('/cart');
  const mLine = cartLines(page).filter({ hasText: 'Size: M' });
  const lLine = cartLines(page).filter({ hasText: 'Size: L' });
  await expect(cartLines(page)).toHaveCount(2);
  await expect(page.getByTestId('summary-total')).toBeVisible();
  await expect(cartLines(page).getByRole('alert')).toHaveCount(0);

  // While the cart is open, L drops to one: checkout is refused, on the L line only.
  await changeStock(api, productId, 'L', -3);
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(lLine.getByRole('alert')).toHaveText(
    'Only 1 left. Lower the quantity to 1 or delete this item.',
  );
  await expect(mLine.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByText(SHORT)).toBeVisible();
  await expect(page).toHaveURL('/cart');
  // Nothing was stored and no stock taken.
  const orders = await page.request.get(`/api/orders/user/${shopper.id}`);
  expect((await orders.json()) as Order[]).toEqual([]);
  expect(await stockOf(api, productId)).toMatchObject({ M: 5, L: 1 });
  await expectAccessible(page);

  // M sells out meanwhile: the cart checks again when it opens, and says so on both lines.
  await changeStock(api, productId, 'M', -5);
  await page.reload();
  await expect(mLine.getByRole('alert')).toHaveText('Sold out. Please delete this item from your cart.');
  await expect(lLine.getByRole('alert')).toHaveText(
    'Only 1 left. Lower the quantity to 1 or delete this item.',
  );
  // Quantities are the shopper's to change.
  await expect(mLine.getByText('3', { exact: true })).toBeVisible();
  await expect(lLine.getByText('2', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Lower L to what is left (the stepper offers no more), delete M: the messages go.
  await lLine.getByRole('button', { name: `Edit quantity of ${name}` }).click();
  await expect(lLine.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveAttribute('max', '1');
  await expect(lLine.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  await lLine.getByRole('button', { name: 'Decrease quantity' }).click();
  await lLine.getByRole('button', { name: `Save quantity of ${name}` }).click();
  await expect(lLine.getByRole('alert')).toHaveCount(0);
  await mLine.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);
  const placed = (await (await page.request.get(`/api/orders/user/${shopper.id}`)).json()) as Order[];
  expect(placed.map((order) => order.products.map((p) => [p.size, p.quantity]))).toEqual([[['L', 1]]]);
  expect(await stockOf(api, productId)).toMatchObject({ M: 0, L: 0 });
  await api.dispose();
});

test('two shoppers race for the last piece: one order is placed, the other cart names the line and what is left', async ({
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const api = await adminApi(playwright, baseURL!);
  const name = `Last Tee ${uniqueTag()}`;
  // S is left plenty: other tests order the newest products in their first size.
  const productId = await trackedProduct(api, name, { S: 50, XL: 1 });

  // Each shopper, in a browser of their own, puts the last XL in the cart.
  const shoppers = await Promise.all(
    [0, 1].map(async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      actOnceTheAppIsReady(page);
      const shopper = await signUpViaApi(page.request, baseURL!, newShopper());
      await addAddressViaApi(page.request, baseURL!, shopper.id);
      await page.goto(`/view?pid=${productId}`);
      await page.getByRole('radio', { name: 'XL', exact: true }).check();
      await expect(page.getByText('Only 1 left', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(toast(page, 'Added to the cart.')).toBeVisible();
      await page.goto('/cart');
      await expect(cartLines(page)).toHaveCount(1);
      return { context, page, shopper };
    }),
  );

  // Both place their order at once: exactly one gets it.
  await Promise.all(
    shoppers.map(({ page }) => page.getByRole('button', { name: 'Place your order' }).click()),
  );
  const outcomes = await Promise.all(
    shoppers.map(async ({ page }) => {
      const placed = page.waitForURL(/\/confirmation\?order=/).then(() => 'placed' as const);
      const refused = cartLines(page)
        .getByRole('alert')
        .waitFor()
        .then(() => 'refused' as const);
      return Promise.race([placed, refused]);
    }),
  );
  expect([...outcomes].sort()).toEqual(['placed', 'refused']);
  const loser = shoppers[outcomes.indexOf('refused')]!;
  await expect(cartLines(loser.page).getByRole('alert')).toHaveText(
    'Sold out. Please delete this item from your cart.',
  );
  await expect(loser.page.getByRole('region', { name: 'Order Summary' }).getByText(SHORT)).toBeVisible();
  const loserOrders = await loser.page.request.get(`/api/orders/user/${loser.shopper.id}`);
  expect((await loserOrders.json()) as Order[]).toEqual([]);
  expect(await stockOf(api, productId)).toMatchObject({ XL: 0 });
  for (const { context } of shoppers) await context.close();
  await api.dispose();
});
