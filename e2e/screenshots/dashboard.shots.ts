import { adminApi, createProductViaApi, placeOrder, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, signUpViaApi, test } from '../fixtures.ts';
import { SCREENS_DIR, shoot } from './shoot.ts';

// The Dashboard for visual review: a shop owner's morning page with a few orders, the page while
// its figures load, and a new store's (a period with no orders). Its behaviour is tested in
// ../admin/dashboard.spec.ts.

test('dashboard: with orders, loading, and a period with none', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const products = [];
  for (const [name, price] of [
    ['Linen Shirt Sand', '1299.00'],
    ['Denim Jacket Indigo', '2450.00'],
    ['Cotton Tee White', '499.00'],
  ] as const) {
    const id = await createProductViaApi(api, { name: `${name} ${uniqueTag()}`, price, variations: [name] });
    products.push(await (await api.get(`/api/product/${id}`)).json());
  }
  await api.dispose();
  const shopperContext = await playwright.request.newContext({ baseURL });
  const shopper = await signUpViaApi(shopperContext, baseURL!);
  for (const [i, quantity] of [3, 1, 2, 1].entries()) {
    await placeOrder(shopperContext, baseURL!, shopper.id, [
      { product: products[i % 3], variation: 0, size: 'M', quantity, fee: 50 },
    ]);
  }
  await shopperContext.dispose();
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin/dashboard?range=7d');
  await expect(page.getByRole('heading', { name: 'Top products by units' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await shoot(page, testInfo, 'admin-dashboard');

  // The figures held back: the page as it waits for them.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/admin/dashboard?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin/dashboard?range=30d');
  await expect(page.getByRole('status').filter({ hasText: 'Loading the dashboard' })).toBeAttached();
  // Not `shoot`: the network never idles while the answer is held, and the skeleton pulses for ever.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SCREENS_DIR}admin-dashboard-loading-${testInfo.project.name}.png`,
    fullPage: true,
    animations: 'disabled',
  });
  release();
  await expect(page.getByRole('heading', { name: 'Top products by units' })).toBeVisible();
  await page.unroute('**/api/admin/dashboard?*');

  await page.goto('/admin/dashboard?range=custom&from=2020-01-01&to=2020-01-07');
  await expect(page.getByText('No orders in this period yet.')).toBeVisible();
  await shoot(page, testInfo, 'admin-dashboard-empty');
});
