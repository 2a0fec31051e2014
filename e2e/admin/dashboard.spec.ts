import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { E2E_ADMIN } from '../playwright.config.ts';

/**
 * The Dashboard at desktop and phone widths: where an admin lands after signing in, first in the
 * menu; its periods in the URL; a period with no orders (as a new store's); and a report's
 * download. Other specs place orders meanwhile, so figures are checked where they cannot move:
 * a period in the past, and the structure of the current one.
 */
for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`an admin lands on the Dashboard, picks periods and downloads a report at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/admin/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // First in the menu, marked as the page open; on a phone the menu is the drawer.
    if (width < 1024) await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Back office' });
    const first = nav.getByRole('link').first();
    await expect(first).toHaveText('Dashboard');
    await expect(first).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/admin');
    if (width < 1024) await page.keyboard.press('Escape');

    // The last 30 days: a figure per card, and the chart's numbers as a table, a row a day.
    const period = page.getByRole('navigation', { name: 'Period' });
    await period.getByRole('link', { name: 'Last 30 days' }).click();
    await expect(page).toHaveURL('/admin/dashboard?range=30d');
    await expect(period.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');
    for (const label of ['Gross sales', 'Refunds', 'Net sales', 'Orders', 'Items sold', 'Average order']) {
      await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    const days = page.getByRole('table', { name: /Gross sales by day/ });
    if ((await page.getByText('No orders in this period yet').count()) === 0) {
      await expect(days.getByRole('row')).toHaveCount(31);
    }
    await expect(page.getByRole('heading', { name: 'Waiting for you' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top products by units' })).toBeVisible();
    await expectAccessible(page);

    // Chosen dates before the store opened: the empty state, every figure nil.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-07');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL('/admin/dashboard?range=custom&from=2020-01-01&to=2020-01-07');
    await expect(page.getByText(/^Jan 1\s–\s7, 2020 · Manila time$/)).toBeVisible();
    await expect(page.getByText('No orders in this period yet.')).toBeVisible();
    const gross = page
      .getByRole('term')
      .filter({ hasText: /^Gross sales$/ })
      .locator('..');
    await expect(gross).toContainText('₱0.00');
    await expect(gross).toContainText('No change');
    await expect(page.getByText('Nothing sold in this period.').first()).toBeVisible();
    await expectAccessible(page);

    // A report of that period: UTF-8 with its byte order mark, quoted cells, the header first.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Orders and their lines' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('habi-orders-2020-01-01-to-2020-01-07.csv');
    const csv = await readFile((await file.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8')).toMatch(
      /^"Order","Order ID","Placed \(Manila\)",.*"Refunded"\r\n$/,
    );
  });
}

test('a period the URL cannot read shows the last 7 days and says so', async ({ page, baseURL }) => {
  const signIn = await page.request.post('/api/admin/sign-in', {
    data: E2E_ADMIN,
    headers: { origin: baseURL! },
  });
  expect(signIn.status()).toBe(200);
  await page.goto('/admin/dashboard?range=custom&from=2026-10-31&to=2026-10-01');
  await expect(page.getByRole('alert').filter({ hasText: 'Those dates could not be read' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: 'Last 7 days' }),
  ).toHaveAttribute('aria-current', 'page');
});
