import type { PaymentSettings } from '@habi/shared';
import { adminApi, signInAdmin } from '../admin/helpers.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { shopperAtCart } from './cart-helpers.ts';

/**
 * Online payment through the PayMongo stand-in the e2e store is configured with
 * (playwright.config.ts): its checkout page pays and sends the store the signed webhook, then
 * returns the shopper to the confirmation, as PayMongo's hosted checkout does.
 */
test('an online order is paid on PayMongo’s page, shown paid, and refunded in part and whole', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const admin = await adminApi(playwright, baseURL!);
  const {
    accounts: _accounts,
    onlineAvailable,
    ...settings
  } = (await (await admin.get('/api/payments/settings')).json()) as PaymentSettings;
  expect(onlineAvailable).toBe(true);
  // Left on: other specs never choose it, and turning it off could pull it from under a retry.
  const on = await admin.put('/api/payments/settings', { data: { ...settings, onlineEnabled: true } });
  expect(on.status(), await on.text()).toBe(200);
  await admin.dispose();

  await shopperAtCart(page, baseURL!);
  await page
    .getByRole('radiogroup', { name: 'Payment method' })
    .getByRole('radio', { name: 'Card, GCash, Maya or QR Ph (PayMongo)' })
    .check();
  // 2 x 399.00 = 798.00, FREE delivery, tax 79.80: the stand-in's page asks for the total.
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page.getByRole('heading', { name: 'Pay ₱877.80' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay ₱877.80' }).click();

  await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page.getByText('Waiting for payment')).toHaveCount(0);
  await expectAccessible(page);
  const orderId = new URL(page.url()).searchParams.get('order')!;

  // The back office refunds through PayMongo: in part, then the rest.
  await signInAdmin(page.request, baseURL!);
  await page.goto(`/admin/product_management?oid=${orderId}`);
  const section = page.getByRole('region', { name: 'Payment' });
  await expect(section.getByText('Completed')).toBeVisible();
  await section.getByRole('button', { name: 'Refund' }).click();
  const partial = page.getByRole('dialog', { name: 'Refund' });
  await partial.getByLabel('Amount (PHP)').fill('100');
  await partial.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund sent through PayMongo')).toBeVisible();
  await expect(section.getByText('Partial')).toBeVisible();

  await section.getByRole('button', { name: 'Refund' }).click();
  const rest = page.getByRole('dialog', { name: 'Refund' });
  await expect(rest.getByLabel('Amount (PHP)')).toHaveValue('777.80');
  await rest.getByRole('button', { name: 'Refund' }).click();
  await expect(section.getByText('Cancelled')).toBeVisible();
  const ledger = page.getByRole('table', { name: 'Payment ledger' });
  await expect(ledger.getByRole('row')).toHaveCount(4);

  // The shopper's order reads refunded.
  await page.goto('/user');
  await expect(page.getByTestId('order-payment')).toContainText('Payment status: Cancelled');
});
