import type { PaymentSettings, TransferAccount } from '@habi/shared';
import { adminApi, uniqueTag } from '../admin/helpers.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { shopperAtCart } from './cart-helpers.ts';

/** The confirmation of the order just placed: SPEC's path, with the order's id. */
const CONFIRMATION = /\/confirmation\?order=[0-9a-f-]{36}$/;

test('an order placed as the cart suggests is cash on delivery: the confirmation says what to pay the rider', async ({
  page,
  baseURL,
}) => {
  await shopperAtCart(page, baseURL!);
  const methods = page.getByRole('radiogroup', { name: 'Payment method' });
  await expect(methods.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();

  // 2 x 399.00 = 798.00, FREE delivery, tax 79.80.
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page).toHaveURL(CONFIRMATION);
  await expect(page.getByRole('heading', { name: 'Thank you for purchasing.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order #[0-9A-F]{8}$/ })).toBeVisible();
  await expect(page.getByText('Pay the rider ₱877.80 on delivery.')).toBeVisible();
  await expectAccessible(page);

  // The account shows the same order, cash on delivery, its payment pending.
  await page.goto('/user');
  const payment = page.getByTestId('order-payment');
  await expect(payment).toContainText('Cash on delivery');
  await expect(payment).toContainText('Payment status: Pending');
});

test('a transfer shows the amount and the shop’s accounts; the reference sent waits for the shop', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const admin = await adminApi(playwright, baseURL!);
  // Transfers turned on, and left on: specs running beside this one (the back office's payments)
  // turn them on too, and turning them off afterwards could pull them from under those.
  const {
    accounts: _accounts,
    onlineAvailable: _online,
    ...found
  } = (await (await admin.get('/api/payments/settings')).json()) as PaymentSettings;
  const turnedOn = await admin.put('/api/payments/settings', { data: { ...found, transferEnabled: true } });
  expect(turnedOn.status(), await turnedOn.text()).toBe(200);
  const accountName = `Habi E2E ${uniqueTag()}`;
  const added = await admin.post('/api/payments/accounts', {
    data: { kind: 'gcash', accountName, accountNumber: '09171234567' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const account = (await added.json()) as TransferAccount;

  try {
    await shopperAtCart(page, baseURL!);
    await page
      .getByRole('radiogroup', { name: 'Payment method' })
      .getByRole('radio', { name: 'Bank or e-wallet transfer' })
      .check();
    await page.getByRole('button', { name: 'Place your order' }).click();
    await expect(page).toHaveURL(CONFIRMATION);

    await expect(page.getByRole('heading', { name: 'Payment: Bank or e-wallet transfer' })).toBeVisible();
    await expect(page.getByText(/^Send exactly ₱877\.80 to one of our accounts/)).toBeVisible();
    const ours = page.getByRole('list', { name: 'Our accounts' }).getByRole('listitem').filter({
      hasText: accountName,
    });
    await expect(ours).toContainText('GCash');
    await expect(ours).toContainText('09171234567');
    await expect(page.getByText(/^Pay by /)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Transfer reference number').fill('GC 1234 5678');
    await page.getByRole('button', { name: 'Send reference' }).click();
    await expect(page.getByText('Reference sent — we will confirm your payment')).toBeVisible();
    await expect(page.getByText('Reference: GC 1234 5678')).toBeVisible();

    await page.goto('/user');
    await expect(page.getByTestId('order-payment')).toContainText(
      'Reference sent — we will confirm your payment',
    );
  } finally {
    await admin.delete(`/api/payments/accounts/${account.id}`);
  }
});
