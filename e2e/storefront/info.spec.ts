import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { saveCart } from './cart-helpers.ts';

// The shopper's clock: 17:00 UTC on 22 November is already 01:00 on the 23rd in Manila, so the
// dates count from the 23rd: FREE 9 days, ₱50 5 days, ₱100 1 day.
const NOW = '2026-11-22T17:00:00Z';
const FEES = ['FREE', '₱50.00', '₱100.00'];
const DATES = ['Wednesday, December 2', 'Saturday, November 28', 'Tuesday, November 24'];

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(NOW);
});

const company = (page: Page) => page.getByRole('contentinfo').getByRole('navigation', { name: 'Company' });
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

test('the footer leads to the Delivery and Privacy Policy pages, which open by a deep link too', async ({
  page,
}) => {
  await page.goto('/');
  await expect(company(page).getByRole('link')).toHaveText([
    'Home',
    'About Us',
    'Delivery',
    'Privacy Policy',
  ]);
  await company(page).getByRole('link', { name: 'Delivery' }).click();
  await expect(page).toHaveURL('/delivery');
  await expect(h1(page, 'Delivery options and fees')).toBeVisible();
  await expect(page).toHaveTitle('Delivery | Habi');

  await company(page).getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(h1(page, 'Your data, kept to what we need')).toBeVisible();
  await expect(page).toHaveTitle('Privacy Policy | Habi');
  for (const section of ['What we keep', 'Cookies', 'Your rights']) {
    await expect(page.getByRole('heading', { level: 2, name: section })).toBeVisible();
  }
  // Only the essential cookies, by the names the server sets.
  const cookies = page.getByRole('table', { name: 'Cookies the store sets' });
  await expect(cookies.getByRole('rowheader')).toHaveText(['sid', 'device']);

  for (const [path, title] of [
    ['/delivery', 'Delivery options and fees'],
    ['/privacy', 'Your data, kept to what we need'],
  ] as const) {
    await page.goto(path);
    await page.reload();
    await expect(h1(page, title)).toBeVisible();
  }
});

test("the Delivery page shows the cart's delivery options: the same fees and dates", async ({ page }) => {
  const [first] = (await (await page.request.get('/api/product/all?limit=1')).json()) as { _id: string }[];
  const product = (await (await page.request.get(`/api/product/${first!._id}`)).json()) as {
    id: string;
    price: string;
    imageUrl: string;
    name: string;
    size: string[];
    variations: { name: string; imageUrl: string }[];
  };
  const line = {
    cartProductId: 'e2e-delivery-line',
    productId: product.id,
    name: product.variations[0]?.name ?? product.name,
    imageUrl: product.variations[0]?.imageUrl ?? product.imageUrl,
    price: product.price,
    size: product.size[0] ?? '',
    quantity: 1,
    deliveryOption: { value: 'standard', fee: 0 },
  };
  await saveCart(page, [line]);
  await page.goto('/cart');
  const radios = page.getByRole('radiogroup', { name: 'Choose a delivery option:' }).getByRole('radio');
  await expect(radios).toHaveCount(3);
  const cart: { date: string; fee: string }[] = [];
  for (const radio of await radios.all()) {
    const id = await radio.getAttribute('id');
    const [date = '', fee = ''] = (await page.locator(`label[for="${id}"]`).innerText()).split('\n');
    cart.push({ date, fee: fee.replace(/( - )?Shipping$/, '').trim() });
  }
  expect(cart).toEqual(FEES.map((fee, i) => ({ date: DATES[i], fee })));

  await company(page).getByRole('link', { name: 'Delivery' }).click();
  await expect(h1(page, 'Delivery options and fees')).toBeVisible();
  await expect(page.getByTestId('delivery-fee')).toHaveText(cart.map((option) => option.fee));
  await expect(page.getByTestId('delivery-example')).toHaveText(cart.map((option) => option.date));
  await expect(page.getByText('Ordering today, Monday, November 23:')).toBeVisible();
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`axe finds nothing serious on the Delivery and Privacy Policy pages at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    for (const [path, title] of [
      ['/delivery', 'Delivery options and fees'],
      ['/privacy', 'Your data, kept to what we need'],
    ] as const) {
      await page.goto(path);
      await expect(h1(page, title)).toBeVisible();
      await expectAccessible(page);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
}
