import { adminApi, createDiscountViaApi as createCode, uniqueTag } from '../admin/helpers.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { shopperAtCart } from './cart-helpers.ts';

test('a code made in the back office lowers the cart, the order and the orders page', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const code = `SAVE${uniqueTag().toUpperCase()}`;
  const admin = await adminApi(playwright, baseURL!);
  await createCode(admin, { code, kind: 'percent', value: '20' });
  await shopperAtCart(page, baseURL!);

  // 2 x 399.00 = 798.00; 20% off = 159.60; 638.40 FREE delivery; tax 63.84.
  await expect(page.getByTestId('summary-total')).toHaveText('₱877.80');
  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(`Discount (${code}):`)).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('−₱159.60');
  await expect(page.getByTestId('summary-before-tax')).toHaveText('₱638.40');
  await expect(page.getByTestId('summary-tax')).toHaveText('₱63.84');
  await expect(page.getByTestId('summary-total')).toHaveText('₱702.24');
  await expect(summary.getByText('20% off')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);

  await page.goto('/user');
  const order = page.getByTestId('order-discount');
  await expect(order).toContainText(`Discount (${code})`);
  await expect(order).toContainText('−₱159.60');
  await expect(page.getByText('₱702.24')).toBeVisible();

  const listed = await admin.get(`/api/admin/discounts?q=${code}`);
  expect((await listed.json())[0]).toMatchObject({ code, uses: 1, orders: 1 });
});

test('a refused code says why under the field, and an applied code can be removed', async ({
  page,
  playwright,
  baseURL,
}) => {
  const code = `MIN${uniqueTag().toUpperCase()}`;
  const admin = await adminApi(playwright, baseURL!);
  await createCode(admin, { code, kind: 'fixed', value: '100', minSpend: '1,000' });
  await shopperAtCart(page, baseURL!);
  const field = page.getByLabel('Discount code');

  await field.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText("This code can't be used")).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Spend at least ₱1,000.00 to use this code')).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
  await expectAccessible(page);

  // A third tee brings the items to ₱1,197.00: ₱100.00 off, then 10% tax on ₱1,097.00.
  await page.getByRole('button', { name: /^Edit quantity of / }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: /^Save quantity of / }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('summary-discount')).toHaveText('−₱100.00');
  await expect(page.getByTestId('summary-total')).toHaveText('₱1,206.70');

  await page.getByRole('button', { name: `Remove the discount code ${code}` }).click();
  await expect(page.getByTestId('summary-discount')).toHaveCount(0);
  await expect(page.getByTestId('summary-total')).toHaveText('₱1,316.70');
  await expect(field).toHaveValue('');
});
