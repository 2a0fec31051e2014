import {
  formatPHP,
  type Order,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  type PaymentSettings,
  type Product,
  summarizeOrder,
  toDecimal,
} from '@habi/shared';
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, newShopper, signUpViaApi, test } from '../fixtures.ts';
import { adminApi, createProductViaApi, navLink, signInAdmin, uniqueTag } from './helpers.ts';

/** A QR code as an account's image: black and white squares, PNG. */
const qrPng = () =>
  sharp({ create: { width: 240, height: 240, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 80, height: 80, channels: 3, background: '#000000' } }, top: 40, left: 40 },
    ])
    .png()
    .toBuffer();
/** A phone's screenshot of a transfer, as a shopper attaches it. */
const receiptPng = () =>
  sharp({ create: { width: 390, height: 844, channels: 3, background: '#0a5fd8' } })
    .png()
    .toBuffer();

test.beforeEach(async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
});

test.describe('Payments in the back office', () => {
  // In turn: the first test turns transfers on for the ones after it.
  test.describe.configure({ mode: 'serial' });
  const tag = uniqueTag();
  const accountNumber = `0917${Date.now().toString().slice(-7)}`;
  let api: APIRequestContext;
  let shopperApi: APIRequestContext;
  let shopper: { id: string };
  let product: Product;
  let before: PaymentSettings;
  const orders: Order[] = [];

  /** An order of one tee (₱350) by the test's shopper, paid by `method`. */
  async function order(method: PaymentMethod, baseURL: string) {
    const total = toDecimal(summarizeOrder([{ price: product.price, quantity: 1, fee: 0 }]).total);
    const response = await shopperApi.post('/api/orders/placed-order', {
      data: {
        userId: shopper.id,
        total,
        address: '12 Mabini St, Makati City 1200',
        paymentMethod: method,
        cart: [
          {
            id: product._id,
            name: product.name,
            imageUrl: product.imageUrl,
            price: product.price,
            size: 'M',
            quantity: 1,
            deliveryOption: { fee: 0 },
          },
        ],
      },
      headers: { origin: baseURL, 'idempotency-key': `e2e-payments-${uniqueTag()}` },
    });
    expect(response.status(), await response.text()).toBe(201);
    const placed = ((await response.json()) as { order: Order }).order;
    orders.push(placed);
    return placed;
  }

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await adminApi(playwright, baseURL!);
    before = (await (await api.get('/api/payments/settings')).json()) as PaymentSettings;
    const id = await createProductViaApi(api, { name: `Payments ${tag} Tee`, price: '350.00' });
    product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
    shopperApi = await playwright.request.newContext({ baseURL });
    shopper = await signUpViaApi(shopperApi, baseURL!, { ...newShopper(), name: `Paula Payer ${tag}` });
  });

  test.afterAll(async () => {
    for (const placed of orders)
      await api.delete(`/api/orders/delete/${placed._id}`, { data: { orderId: placed._id } });
    await api.delete(`/api/users/delete/${shopper.id}`, { data: { _id: shopper.id } });
    await api.delete(`/api/product/delete/${product._id}`, { data: { _id: product._id } });
    // The store's settings as they were: the accounts this run added go, the switches come back.
    const now = (await (await api.get('/api/payments/settings')).json()) as PaymentSettings;
    for (const account of now.accounts) {
      if (!before.accounts.some((kept) => kept.id === account.id))
        await api.delete(`/api/payments/accounts/${account.id}`);
    }
    const { accounts: _accounts, onlineAvailable: _available, ...settings } = before;
    await api.put('/api/payments/settings', { data: settings });
    await shopperApi.dispose();
    await api.dispose();
  });

  test('turns Transfer on and adds a GCash account', async ({ page }) => {
    await page.goto('/admin');
    await navLink(page, 'Payments');
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();

    const transfer = page.getByRole('switch', { name: 'Bank or e-wallet transfer' });
    if ((await transfer.getAttribute('aria-checked')) !== 'true') await transfer.click();
    await expect(transfer).toHaveAttribute('aria-checked', 'true');
    await page.getByLabel('Hours to transfer').fill('48');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Payment settings saved')).toBeVisible();

    await page.getByRole('button', { name: 'Add account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add account' });
    await expect(dialog.getByLabel('Kind')).toHaveValue('gcash');
    await dialog.getByLabel('Account name').fill(`Habi ${tag}`);
    await dialog.getByLabel('Account or mobile number').fill(accountNumber);
    // Its QR code, for shoppers to scan: previewed before it is saved.
    await dialog.getByLabel('QR code image').setInputFiles({
      name: 'gcash-qr.png',
      mimeType: 'image/png',
      buffer: await qrPng(),
    });
    await expect(dialog.getByRole('img', { name: 'QR code preview' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Account added')).toBeVisible();
    const accounts = page.getByRole('list', { name: 'Transfer accounts' });
    await expect(accounts.getByText(accountNumber)).toBeVisible();
    const qr = accounts.getByRole('img', { name: `QR code of the GCash account ${accountNumber}` });
    await expect(qr).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{32}-800\.webp$/);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);

    // Saved: a reload shows the same.
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Bank or e-wallet transfer' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByLabel('Hours to transfer')).toHaveValue('48');
  });

  test('confirms a transfer whose shopper scanned the QR code and sent a reference with a screenshot', async ({
    page,
    browser,
    baseURL,
  }) => {
    const placed = await order('transfer', baseURL!);
    const reference = `GC ${tag.slice(0, 8).toUpperCase()}`;
    // The shopper, in a browser of their own, on the order's confirmation.
    const shopperContext = await browser.newContext({
      baseURL,
      storageState: await shopperApi.storageState(),
    });
    const shopperPage = await shopperContext.newPage();
    await shopperPage.goto(`/confirmation?order=${placed._id}`);
    const qr = shopperPage.getByRole('img', { name: `QR code for GCash ${accountNumber}` });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shopperPage.getByLabel('Transfer reference number').fill(reference);
    await shopperPage.getByLabel('Screenshot of your transfer').setInputFiles({
      name: 'gcash-receipt.png',
      mimeType: 'image/png',
      buffer: await receiptPng(),
    });
    await expect(shopperPage.getByText('gcash-receipt.png')).toBeVisible();
    await shopperPage.getByRole('button', { name: 'Send reference' }).click();
    await expect(shopperPage.getByRole('link', { name: 'Screenshot attached — view it' })).toBeVisible();
    await shopperContext.close();

    // The orders list finds it among the payments waiting.
    await page.goto(`/admin/orders?payment=pending&q=${encodeURIComponent(placed.user)}`);
    await expect(page.getByLabel('Payment', { exact: true })).toHaveValue('pending');
    await expect(page.getByRole('table', { name: 'Orders' }).getByText(placed.user)).toBeVisible();
    await page.goto(`/admin/product_management?oid=${placed._id}`);
    const section = page.getByRole('region', { name: 'Payment' });
    await expect(section.getByText(reference)).toBeVisible();
    // The screenshot beside the reference, opened whole in a new tab.
    const screenshot = section.getByRole('link', { name: 'View the shopper’s screenshot' });
    await expect(screenshot).toBeVisible();
    await expect
      .poll(() => screenshot.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const [opened] = await Promise.all([page.waitForEvent('popup'), screenshot.click()]);
    await expect(opened).toHaveURL(/\/api\/payments\/orders\/[0-9a-f-]{36}\/transfer-proof$/);
    expect(await opened.evaluate(() => document.contentType)).toBe('image/webp');
    await opened.close();
    const served = await page.request.get((await screenshot.getAttribute('href'))!);
    expect(served.headers()['cache-control']).toBe('private, no-store');
    await section.getByRole('button', { name: 'Confirm transfer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm transfer' });
    await expect(dialog.getByRole('link', { name: 'View the shopper’s screenshot' })).toBeVisible();
    await expect(dialog.getByLabel('Amount (PHP)')).toHaveValue(placed.totalFee);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Transfer confirmed')).toBeVisible();
    await expect(section.getByText('Completed')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Payment ledger' }).getByRole('row')).toHaveCount(2);
  });

  test('records a COD collection, then refunds it', async ({ page, baseURL }) => {
    const placed = await order('cod', baseURL!);
    await page.goto(`/admin/product_management?oid=${placed._id}`);
    const section = page.getByRole('region', { name: 'Payment' });
    await expect(section.getByText('Pending')).toBeVisible();
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Record collection' }).click();
    const collect = page.getByRole('dialog', { name: 'Record collection' });
    await expect(collect.getByLabel('Amount (PHP)')).toHaveValue(placed.totalFee);
    await collect.getByLabel('Note (optional)').fill('Paid at the door');
    await collect.getByRole('button', { name: 'Record' }).click();
    await expect(page.getByText('Collection recorded')).toBeVisible();
    const ledger = page.getByRole('table', { name: 'Payment ledger' });
    await expect(ledger.getByText('Paid at the door')).toBeVisible();
    await expect(section.getByText('Completed')).toBeVisible();

    await section.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('dialog', { name: 'Refund' });
    await expect(refund.getByLabel('Amount (PHP)')).toHaveValue(placed.totalFee);
    // Cash goes back by hand: its reference is asked for.
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(refund.getByText(PAYMENT_MESSAGES.reference)).toBeVisible();
    await refund.getByLabel('Amount (PHP)').fill('100');
    await refund.getByLabel('Reference').fill(`CASH-${tag.slice(0, 6)}`);
    await refund.getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByText('Refund recorded')).toBeVisible();
    await expect(ledger.getByText(`−${formatPHP('100.00')}`)).toBeVisible();
    await expect(section.getByText('Partial')).toBeVisible();
    // Money given back is not owed again: nothing reads as still to pay, nothing is to collect.
    await expect(section.getByRole('term')).toHaveText(['Method', 'Total', 'Paid', 'Refunded']);
    await expect(section.getByRole('button', { name: 'Record collection' })).toHaveCount(0);

    // The orders list shows it under its payment filter.
    await page.goto(`/admin/orders?payment=partiallyRefunded&q=${encodeURIComponent(placed.user)}`);
    await expect(page.getByRole('table', { name: 'Orders' }).getByText(placed.user)).toBeVisible();
  });
});
