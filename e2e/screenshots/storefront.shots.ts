import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CART_STORAGE_KEY, type Product } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { adminApi, placeOrder } from '../admin/helpers.ts';
import { expect, newShopper, signUpViaApi, test } from '../fixtures.ts';
import { E2E_ADMIN } from '../playwright.config.ts';
import { saveCart, shopperAtCart } from '../storefront/cart-helpers.ts';
import { shoot } from './shoot.ts';

// The storefront's pages and their states, for visual review. The expects only wait for the
// state a picture is of; the behaviour itself is tested in ../storefront.

/** A 48x48 PNG for the avatar picker. */
const AVATAR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAAeElEQVR42u3YURGAMAyD4ejBDi7QNwmYwcUcsA5YL+X+uwj43ppUbd+sIkCAAAEC9FvQdR73yQMNKW9YWqp5YNJqzaxJCZopk3I0cZPSNEFTQdCHmogJECBAgADVB3FcK/Yhx8bo2KkdV4fjLnNcrjwbAAECBCgzHYxo3Ns35S9WAAAAAElFTkSuQmCC';

function tempFile(name: string, bytes: Buffer) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'habi-shots-')), name);
  writeFileSync(file, bytes);
  return file;
}

async function demoProduct(request: APIRequestContext, name: string): Promise<Product> {
  const found = (await (await request.get(`/api/product/all?q=${encodeURIComponent(name)}`)).json()) as {
    _id: string;
  }[];
  expect(found.length, `the demo product ${name}`).toBeGreaterThan(0);
  return (await request.get(`/api/product/${found[0]!._id}`)).json();
}

/** Cart lines for a sized tee and sunglasses without sizes, saved before the app loads. */
async function openCartWithLines(page: Page) {
  const tee = await demoProduct(page.request, 'Men Crew T-shirt');
  const sunglasses = await demoProduct(page.request, 'Women Round Sunglasses');
  const lines = [
    [tee, 'M', 1],
    [sunglasses, '', 2],
  ].map(([product, size, quantity], index) => {
    const p = product as Product;
    return {
      cartProductId: `shot-line-${index}`,
      productId: p._id,
      name: p.variations[0]?.name ?? p.name,
      imageUrl: p.variations[0]?.imageUrl ?? p.imageUrl,
      price: p.price,
      size,
      quantity,
      deliveryOption: { value: 'standard', fee: 0 },
    };
  });
  await saveCart(page, lines);
  await page.goto('/cart');
  await expect(page.getByRole('region', { name: 'Review your Cart' }).getByRole('listitem')).toHaveCount(2);
  return lines;
}

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
/** Waits for every toast to have closed, so a picture shows the page rather than a message on it. */
const toastsGone = (page: Page) => expect(page.locator('.Toastify__toast')).toHaveCount(0);

test('public pages', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Best Collections' }).locator('li h3')).toHaveCount(5);
  await shoot(page, testInfo, 'home');

  await page.goto('/about');
  await expect(page.getByRole('region', { name: 'Why Us' }).getByRole('listitem')).toHaveCount(4);
  await shoot(page, testInfo, 'about');

  await page.goto('/products');
  await expect(page.getByRole('region', { name: 'Products', exact: true }).locator('li h3')).toHaveCount(24);
  await shoot(page, testInfo, 'products');

  await page.goto('/products?category=Men&sort=desc');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('High to Low');
  await shoot(page, testInfo, 'products-men-desc');

  const polo = await demoProduct(page.request, 'Men Classic Polo 2-Pack');
  await page.goto(`/view?pid=${polo._id}`);
  await expect(h1(page, polo.variations[0]!.name)).toBeVisible();
  await shoot(page, testInfo, 'product');

  await page.goto('/delivery');
  await expect(h1(page, 'Delivery options and fees')).toBeVisible();
  await shoot(page, testInfo, 'delivery');

  await page.goto('/view?pid=00000000-0000-4000-8000-000000000000');
  await expect(h1(page, 'Product not found')).toBeVisible();
  await shoot(page, testInfo, 'product-not-found');

  await page.goto('/cart');
  await expect(page.getByText('Cart is currently empty.')).toBeVisible();
  await shoot(page, testInfo, 'cart-empty');

  await page.goto('/confirmation');
  await expect(h1(page, 'Thank you for purchasing.')).toBeVisible();
  await shoot(page, testInfo, 'confirmation');

  await page.goto('/no/such/page');
  await expect(h1(page, 'Not Found!')).toBeVisible();
  await shoot(page, testInfo, 'not-found');
});

test('the phone menu', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the menu button shows on a phone only');
  await page.goto('/');
  await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await shoot(page, testInfo, 'mobile-menu');
});

test('the header search with suggestions', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
  if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Open search' }).click();
  await page.getByRole('searchbox', { name: 'Search products' }).pressSequentially('dennim');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await shoot(page, testInfo, 'header-search');
});

test('sign-in and sign-up forms', async ({ page }, testInfo) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await shoot(page, testInfo, 'sign-in');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await shoot(page, testInfo, 'sign-in-errors');

  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await shoot(page, testInfo, 'sign-up');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Invalid phone number')).toBeVisible();
  await shoot(page, testInfo, 'sign-up-errors');
});

test("a new shopper's account and profile", async ({ page, baseURL }, testInfo) => {
  const shopper = await signUpViaApi(page.request, baseURL!);
  for (const [name, url] of [
    ['account-no-orders', '/user'],
    ['account-to-pay-none', '/user/to-pay_products'],
    ['account-to-receive-none', '/user/to-receive_products'],
    ['account-delivered-none', '/user/delivered_products'],
    ['account-cancelled-none', '/user/cancelled_products'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByText("You don't have any order yet.")).toBeVisible();
    await shoot(page, testInfo, name);
  }

  await page.goto(`/user/update_profile?uid=${shopper.id}`);
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
  await shoot(page, testInfo, 'update-profile');

  await page.getByLabel('Name', { exact: true }).fill('M');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByRole('button', { name: 'Save' }).click();
  const fileInput = page.locator('input[type="file"]');
  await fileInput.setInputFiles(tempFile('notes.txt', Buffer.from('not an image')));
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await shoot(page, testInfo, 'update-profile-errors');

  await page.getByLabel('Name', { exact: true }).fill('Maria Clara');
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await fileInput.setInputFiles(tempFile('avatar.png', Buffer.from(AVATAR_PNG, 'base64')));
  await expect(page.getByRole('img', { name: 'New profile picture preview' })).toBeVisible();
  await shoot(page, testInfo, 'update-profile-preview');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('img', { name: "Maria Clara's profile picture" })).toHaveAttribute(
    'src',
    /^\/uploads\//,
  );
  await toastsGone(page);
  await shoot(page, testInfo, 'account-with-avatar');
});

test("a shopper's orders", async ({ page, request, baseURL }, testInfo) => {
  const shopper = await signUpViaApi(page.request, baseURL!);
  const tee = await demoProduct(page.request, 'Men Crew T-shirt');
  const polo = await demoProduct(page.request, 'Men Classic Polo 2-Pack');
  const sunglasses = await demoProduct(page.request, 'Women Round Sunglasses');
  await placeOrder(page.request, baseURL!, shopper.id, [
    { product: tee, variation: 0, size: 'M', quantity: 2, fee: 0 },
    { product: polo, variation: 1, size: 'L', quantity: 1, fee: 50 },
  ]);
  const small = await placeOrder(page.request, baseURL!, shopper.id, [
    { product: sunglasses, variation: 0, size: '', quantity: 1, fee: 100 },
  ]);

  await page.goto('/user');
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('region') });
  await expect(cards).toHaveCount(2);
  await cards.nth(1).getByRole('button', { name: 'Show more...' }).first().click();
  await expect(cards.nth(1).getByRole('button', { name: 'Show less' })).toBeVisible();
  await shoot(page, testInfo, 'account-orders');

  await page.goto('/user/to-pay_products');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(3);
  await shoot(page, testInfo, 'account-to-pay');

  // One order delivered by the admin: it moves to Delivered and the order reads Completed.
  const admin = await request.post('/api/admin/sign-in', { data: E2E_ADMIN, headers: { origin: baseURL! } });
  expect(admin.ok()).toBe(true);
  const update = await request.patch(`/api/orders/statusUpdate/${small._id}`, {
    data: { updatedStatus: ['delivered'] },
    headers: { origin: baseURL! },
  });
  expect(update.ok()).toBe(true);
  await page.goto('/user/delivered_products');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
  await shoot(page, testInfo, 'account-delivered');

  await page.goto('/user/cancelled_products');
  await expect(page.getByText('Your list is currently empty.')).toBeVisible();
  await shoot(page, testInfo, 'account-tab-empty');
});

test('the cart as a visitor', async ({ page }, testInfo) => {
  await openCartWithLines(page);
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await shoot(page, testInfo, 'cart-visitor');
});

test('the cart as a shopper: addresses, editing, delivery options and a changed price', async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpViaApi(page.request, baseURL!, newShopper());
  const lines = await openCartWithLines(page);
  const box = page.getByRole('region', { name: 'Shipping address' });
  await expect(box.getByText('No shipping address...')).toBeVisible();
  await shoot(page, testInfo, 'cart-address-summary-empty');

  await box.getByRole('button', { name: 'Change shipping address' }).click();
  await expect(box.getByText('No available address...')).toBeVisible();
  await shoot(page, testInfo, 'cart-address-list-empty');

  await box.getByRole('button', { name: 'Add New Address' }).click();
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByText('No value for address')).toBeVisible();
  await shoot(page, testInfo, 'cart-address-add');

  const home = '12 Mabini St., Poblacion, Makati City 1210';
  const office = 'Unit 804, 6750 Ayala Avenue, Makati City 1226';
  await box.getByLabel('Add new address').fill(home);
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByRole('radio', { name: home })).toBeChecked();
  await box.getByRole('button', { name: 'Add New Address' }).click();
  await box.getByLabel('Add new address').fill(office);
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByRole('radio', { name: office })).toBeChecked();
  await toastsGone(page);
  await shoot(page, testInfo, 'cart-address-list');

  await box.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box.getByTestId('selected-address')).toBeVisible();
  await shoot(page, testInfo, 'cart-address-summary');

  const tee = lines[0]!;
  const item = page.getByRole('region', { name: 'Review your Cart' }).getByRole('listitem').first();
  await item.getByRole('button', { name: `Edit quantity of ${tee.name}` }).click();
  await item.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(item.getByRole('spinbutton', { name: `Quantity of ${tee.name}` })).toHaveValue('2');
  await shoot(page, testInfo, 'cart-editing');

  await item.getByRole('button', { name: `Save quantity of ${tee.name}` }).click();
  const nextDay = page
    .getByRole('region', { name: 'Review your Cart' })
    .getByRole('listitem')
    .nth(1)
    .getByRole('radio', { name: /₱100\.00 - Shipping/ });
  await nextDay.click();
  await expect(nextDay).toBeChecked();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await shoot(page, testInfo, 'cart-shopper');

  // A price the server no longer charges: it refuses the order and the line says so.
  const saved = (await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '[]'),
    CART_STORAGE_KEY,
  )) as {
    price: string;
  }[];
  saved[0]!.price = '1.00';
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    CART_STORAGE_KEY,
    JSON.stringify(saved),
  ] as const);
  await page.reload();
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(
    page.getByRole('region', { name: 'Review your Cart' }).getByRole('listitem').first().getByRole('alert'),
  ).toBeVisible();
  await toastsGone(page);
  await shoot(page, testInfo, 'cart-price-changed');
});

test('paying: the cart’s payment choice, a transfer’s confirmation and the order in the account', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await adminApi(playwright, baseURL!);
  const {
    accounts: _a,
    onlineAvailable: _o,
    ...settings
  } = await (await admin.get('/api/payments/settings')).json();
  await admin.put('/api/payments/settings', { data: { ...settings, transferEnabled: true } });
  const gcash = await (
    await admin.post('/api/payments/accounts', {
      data: { kind: 'gcash', accountName: 'Habi Clothing', accountNumber: '0917 123 4567' },
    })
  ).json();
  const qr = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#1b1b1b' } })
    .png()
    .toBuffer();
  await admin.put(`/api/payments/accounts/${gcash.id}/qr-image`, {
    multipart: { qrImage: { name: 'qr.png', mimeType: 'image/png', buffer: qr } },
  });
  await admin.post('/api/payments/accounts', {
    data: { kind: 'bank', bankName: 'BPI', accountName: 'Habi Clothing Inc.', accountNumber: '1234 5678 90' },
  });
  await admin.dispose();

  await shopperAtCart(page, baseURL!);
  const methods = page.getByRole('radiogroup', { name: 'Payment method' });
  await expect(methods.getByRole('radio', { name: 'Cash on delivery' })).toBeChecked();
  await shoot(page, testInfo, 'cart-payment-choice');
  await methods.getByRole('radio', { name: 'Bank or e-wallet transfer' }).check();
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page.getByRole('heading', { name: 'Payment: Bank or e-wallet transfer' })).toBeVisible();
  await shoot(page, testInfo, 'confirmation-transfer');
  await page.getByLabel('Transfer reference number').fill('GC 1234 5678');
  await page.getByLabel('Screenshot of your transfer').setInputFiles({
    name: 'gcash-receipt-2026-11-27.png',
    mimeType: 'image/png',
    buffer: qr,
  });
  await expect(page.getByText('gcash-receipt-2026-11-27.png')).toBeVisible();
  await shoot(page, testInfo, 'confirmation-transfer-screenshot');
  await page.getByRole('button', { name: 'Send reference' }).click();
  await expect(page.getByText('Reference sent — we will confirm your payment')).toBeVisible();
  await shoot(page, testInfo, 'confirmation-transfer-sent');
  await page.goto('/user');
  await expect(page.getByTestId('order-payment')).toBeVisible();
  await shoot(page, testInfo, 'account-order-payment');
});
