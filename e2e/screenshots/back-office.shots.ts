import type { Page } from '@playwright/test';
import sharp from 'sharp';
import {
  adminApi,
  createProductViaApi,
  placeOrder,
  pngFile,
  signInAdmin,
  tableRows,
  textFile,
  uniqueTag,
} from '../admin/helpers.ts';
import { expect, signUpViaApi, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';

// The back office's pages and their states, for visual review. The expects only wait for the
// state a picture is of; the behaviour itself is tested in ../admin.

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('sign-in', async ({ page }, testInfo) => {
  await page.goto('/admin/auth');
  await expect(page.getByRole('heading', { name: 'Welcome back, Admin!' })).toBeVisible();
  await shoot(page, testInfo, 'admin-sign-in');
});

test('products: list, details, add, edit and the delete dialog', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const name = `Shots ${uniqueTag()} Shirt Olive`;
  const id = await createProductViaApi(api, { name, price: '1299.00', variations: [name] });
  await api.dispose();
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin');
  await expect(tableRows(page, 'Products')).toHaveCount(10);
  await shoot(page, testInfo, 'admin-products');

  await page.goto(`/admin/product_view/?pid=${id}`);
  await expect(page.getByRole('table', { name: `Details of ${name}` })).toBeVisible();
  await shoot(page, testInfo, 'admin-product-view');

  await page.goto('/admin/add_product');
  await expect(h1(page, 'Add Product')).toBeVisible();
  await shoot(page, testInfo, 'admin-add-product');
  await page.getByRole('button', { name: 'Create' }).click();
  await page.locator('input[name="varImgUrls"]').setInputFiles([pngFile('green'), pngFile('blue')]);
  await page.locator('input[name="imageUrl"]').setInputFiles(textFile('photo.gif'));
  await expect(page.getByText('Give one name per variation image: 2 images, 0 names.')).toBeVisible();
  await shoot(page, testInfo, 'admin-add-product-errors');

  await page.goto(`/admin/product_edit/?pid=${id}`);
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await shoot(page, testInfo, 'admin-product-edit');

  await page.goto(`/admin?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Are you absolutely sure?' })).toBeVisible();
  await shoot(page, testInfo, 'admin-delete-dialog');
});

test('orders, an order and users', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  const name = `Shots ${tag} Cap Navy`;
  const productId = await createProductViaApi(api, { name, price: '250.00', variations: [name] });
  const product = await (await api.get(`/api/product/${productId}`)).json();
  await api.dispose();
  const shopperContext = await playwright.request.newContext({ baseURL });
  const shopper = await signUpViaApi(shopperContext, baseURL!, {
    name: `Shots Shopper ${tag}`,
    email: `shots.${tag}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
  });
  const order = await placeOrder(shopperContext, baseURL!, shopper.id, [
    { product, variation: 0, size: 'M', quantity: 2, fee: 50 },
  ]);
  await shopperContext.dispose();
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin/orders');
  await expect(h1(page, 'Orders List')).toBeVisible();
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await shoot(page, testInfo, 'admin-orders');

  await page.goto(`/admin/product_management?oid=${order._id}`);
  await expect(page.getByRole('combobox', { name: /^Status of/ })).toHaveValue('toPay');
  await shoot(page, testInfo, 'admin-manage-order');

  await page.goto('/admin/users');
  await expect(h1(page, 'Users List')).toBeVisible();
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await shoot(page, testInfo, 'admin-users');
});

test('the admin profile', async ({ page, baseURL }, testInfo) => {
  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin/update_admin_profile');
  await expect(page.getByLabel('Username')).toHaveValue('admin');
  await page.locator('input[name="imageUrl"]').setInputFiles(pngFile('blue', 'avatar.png'));
  await expect(page.getByText('avatar.png')).toBeVisible();
  await shoot(page, testInfo, 'admin-profile');
});

test('the back-office menu on a phone', async ({ page, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the sidebar is a drawer on a phone only');
  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Back office' })).toBeVisible();
  await shoot(page, testInfo, 'admin-menu');
});

test('stock: the add form grid in Clothes and Sneakers sizes, the edit page card and the table badges', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  const name = `Shots ${tag} Runner White`;
  const level = (size: string, quantity: number) => ({ variation: name, size, quantity });
  const id = await createProductViaApi(api, {
    name,
    variations: [name],
    stock: { trackStock: true, quantities: [level('S', 2), level('M', 1)] },
  });
  await createProductViaApi(api, {
    name: `Shots ${tag} Cap Black`,
    stock: { trackStock: true, quantities: [] },
  });
  await createProductViaApi(api, {
    name: `Shots ${tag} Tee Sand`,
    stock: { trackStock: true, quantities: [{ variation: '', size: 'L', quantity: 240 }] },
  });
  await createProductViaApi(api, { name: `Shots ${tag} Bag Olive` });
  await signInAdmin(page.request, baseURL!);

  await page.goto(`/admin?q=${tag}`);
  await expect(tableRows(page, 'Products')).toHaveCount(4);
  await shoot(page, testInfo, 'admin-stock-table');

  await page.goto('/admin/add_product');
  await page.getByLabel('Product name: Color/Variation').fill('Men Runner White');
  await page.getByRole('switch', { name: 'Track stock' }).click();
  await page.getByLabel('Size').fill('clo');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByPlaceholder('Variation 1').fill('Men Runner White');
  await page.getByPlaceholder('Variation 2').fill('Men Runner Black');
  await page.getByLabel('Quantity for every cell').fill('12');
  await page.getByRole('button', { name: 'Set all' }).click();
  await page.getByLabel('Black, M stock').fill('-3');
  await shoot(page, testInfo, 'admin-stock-add-clothes');
  await page.getByLabel('Size').fill('sne');
  await page.keyboard.press('Enter');
  await page.getByLabel('Quantity for every cell').press('Enter');
  await expect(page.getByLabel('White, US 13 stock')).toHaveValue('12');
  await shoot(page, testInfo, 'admin-stock-add-sneakers');

  await page.goto(`/admin/product_edit/?pid=${id}`);
  await expect(page.getByLabel('White, S stock')).toHaveValue('2');
  // A sale after the page was read, so the card shows a refused change.
  await api.patch(`/api/product/stock/${id}`, {
    data: { changes: [{ variation: name, size: 'S', delta: -1 }] },
  });
  await page.getByLabel('White, S stock').fill('20');
  await page.getByLabel('White, XL stock').fill('4');
  await page.getByRole('button', { name: 'Save stock' }).click();
  await expect(page.getByText('1 in stock now')).toBeVisible();
  await shoot(page, testInfo, 'admin-stock-edit');
  await api.dispose();
});

test('payments: the settings page and an order’s payment with its ledger', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const name = `Shots ${uniqueTag()} Polo White`;
  const productId = await createProductViaApi(api, { name, price: '899.00', variations: [name] });
  const product = await (await api.get(`/api/product/${productId}`)).json();
  const context = await playwright.request.newContext({ baseURL });
  const shopper = await signUpViaApi(context, baseURL!);
  const order = await placeOrder(context, baseURL!, shopper.id, [
    { product, variation: 0, size: 'M', quantity: 2, fee: 50 },
  ]);
  await context.dispose();
  await api.post(`/api/payments/orders/${order._id}/collections`, {
    data: { amount: '1000', reference: 'RIDER-0042', note: 'Collected at the door' },
  });
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin/payments');
  await expect(h1(page, 'Payments')).toBeVisible();
  await shoot(page, testInfo, 'admin-payments');

  await page.goto(`/admin/product_management?oid=${order._id}`);
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await shoot(page, testInfo, 'admin-order-payment');

  // Given back: paid and refunded, nothing still to pay.
  await api.post(`/api/payments/orders/${order._id}/refunds`, {
    data: { amount: '1000', reference: 'CASH-0042' },
  });
  await api.dispose();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
  await shoot(page, testInfo, 'admin-order-refunded');
});

test('payments: a transfer’s reference with the shopper’s screenshot, and an account’s QR code', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const png = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const {
    accounts: _a,
    onlineAvailable: _o,
    ...settings
  } = await (await api.get('/api/payments/settings')).json();
  await api.put('/api/payments/settings', { data: { ...settings, transferEnabled: true } });
  // A number of its own: the phone and desktop runs each add an account.
  const accountNumber = `0917 ${Date.now().toString().slice(-7)}`;
  const account = await (
    await api.post('/api/payments/accounts', {
      data: { kind: 'gcash', accountName: 'Habi Clothing', accountNumber },
    })
  ).json();
  await api.put(`/api/payments/accounts/${account.id}/qr-image`, {
    multipart: { qrImage: { name: 'qr.png', mimeType: 'image/png', buffer: await png(240, 240, '#1b1b1b') } },
  });
  const name = `Shots ${uniqueTag()} Linen Shirt`;
  const productId = await createProductViaApi(api, { name, price: '1250.00', variations: [name] });
  const product = await (await api.get(`/api/product/${productId}`)).json();
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const shopper = await signUpViaApi(context, baseURL!);
  const placed = await context.post('/api/orders/placed-order', {
    data: {
      userId: shopper.id,
      total: '1375.00',
      address: '12 Mabini St, Makati City 1200',
      paymentMethod: 'transfer',
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
    headers: { 'idempotency-key': `shots-${uniqueTag()}` },
  });
  const order = (await placed.json()).order;
  await context.post(`/api/payments/orders/${order._id}/transfer-reference`, {
    data: { reference: 'GC 4120 8831 2207' },
  });
  await context.put(`/api/payments/orders/${order._id}/transfer-proof`, {
    multipart: {
      proof: { name: 'receipt.png', mimeType: 'image/png', buffer: await png(390, 844, '#0a5fd8') },
    },
  });
  await context.dispose();
  await signInAdmin(page.request, baseURL!);

  await page.goto(`/admin/product_management?oid=${order._id}`);
  const section = page.getByRole('region', { name: 'Payment' });
  await expect(section.getByRole('link', { name: 'View the shopper’s screenshot' })).toBeVisible();
  await shoot(page, testInfo, 'admin-order-transfer-proof');
  await section.getByRole('button', { name: 'Confirm transfer' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm transfer' }).locator('img')).toBeVisible();
  await shoot(page, testInfo, 'admin-confirm-transfer-proof');
  await page.keyboard.press('Escape');

  await page.goto('/admin/payments');
  await page.getByRole('button', { name: `Edit GCash account ${accountNumber}` }).click();
  await expect(page.getByRole('img', { name: 'QR code preview' })).toBeVisible();
  await shoot(page, testInfo, 'admin-account-qr');

  await api.delete(`/api/orders/delete/${order._id}`, { data: { _id: order._id } });
  await api.delete(`/api/payments/accounts/${account.id}`);
  await api.dispose();
});
