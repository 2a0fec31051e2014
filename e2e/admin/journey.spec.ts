import type { Order, Product } from '@habi/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, routeGate, signUpViaApi, test } from '../fixtures.ts';
import { placeOrder, pngFile, searchTable, signInAdmin, tableRows, uniqueTag } from './helpers.ts';

/**
 * The back office end to end: a product added with its images, seen and edited on the
 * storefront, ordered by a shopper, its lines managed to a completed order, and then the
 * product, the order and the shopper deleted through the confirmation dialog.
 */
// Several uploads and page loads a step: more time than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const tag = uniqueTag();
const name = `Journey Tee ${tag}`;
const green = `${name} Green`;
const blue = `${name} Blue`;
let productId = '';
let shopper: { id: string; name: string; email: string };
let order: Order;
/** The shopper's own session, kept across the steps. */
let shopperApi: APIRequestContext;

test.afterAll(async () => {
  await shopperApi?.dispose();
});

test('adds a product with a main image, two variations and Clothes sizes', async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Add Product' }).click();
  await expect(page).toHaveURL('/admin/add_product');

  await page.locator('input[name="imageUrl"]').setInputFiles(pngFile('red'));
  await expect(page.getByRole('img', { name: 'Main product preview' })).toBeVisible();
  // Three chosen, the third removed again: two remain, numbered in order.
  await page
    .locator('input[name="varImgUrls"]')
    .setInputFiles([pngFile('green'), pngFile('blue'), pngFile('red', 'extra.png')]);
  const thumbnails = page.getByRole('list', { name: 'Variation images' }).getByRole('listitem');
  await expect(thumbnails).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove variation image 3' }).click();
  await expect(thumbnails).toHaveCount(2);
  await expect(thumbnails.first()).toContainText('1');
  await expect(thumbnails.nth(1)).toContainText('2');
  const box = await thumbnails.first().boundingBox();
  expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([110, 110]);

  await page.getByLabel('Product name: Color/Variation').fill(green);
  await page.getByLabel('Description').fill('A breathable cotton tee for warm days.');
  await page.getByLabel('Price').fill('1299');
  await expect(page.getByLabel('Price')).toHaveValue('₱1,299');
  await page.getByLabel('Size').fill('clo');
  await page.keyboard.press('Enter');
  await page.getByLabel('Category', { exact: true }).fill('Men');
  await page.keyboard.press('Enter');
  await page.getByLabel('Subcategory').fill('Tops');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByPlaceholder('Variation 1').fill(green);
  await page.getByPlaceholder('Variation 2').fill(blue);

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Product added successfully' })).toBeVisible();

  await searchTable(page, 'Filter product name...', tag);
  const rows = tableRows(page, 'Products');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(green);
  await expect(rows.first()).toContainText('Men');
  await expect(rows.first()).toContainText('Tops');
  await expect(rows.first()).toContainText('₱1,299.00');
  const href = await rows.first().getByRole('link', { name: green }).getAttribute('href');
  productId = new URL(href!, baseURL).searchParams.get('pid')!;
  expect(productId).toMatch(/^[0-9a-f-]{36}$/);

  // What was sent, as stored: the price without its sign, the chosen options, the names.
  const product = (await (await page.request.get(`/api/product/${productId}`)).json()) as Product;
  expect(product.price).toBe('1299.00');
  expect([product.category, product.subCategory]).toEqual(['Men', 'Tops']);
  expect(product.size).toEqual(['S', 'M', 'L', 'XL', '2XL']);
  expect(product.variations.map((v) => v.name)).toEqual([green, blue]);
  expect(product.description).toBe('A breathable cotton tee for warm days.');

  await page.goto(`/admin/product_view/?pid=${productId}`);
  await expect(page.getByRole('row', { name: /^Variations/ })).toContainText('Green');
  await expect(page.getByRole('row', { name: /^Variations/ })).toContainText('Blue');
});

test('the new product is on the storefront listing and its page', async ({ page }) => {
  await page.goto('/products');
  const card = page.locator(`a[href="/view?pid=${productId}"]`).first();
  await expect(card).toBeVisible();
  await expect(card).toContainText(green);
  await expect(card).toContainText('₱1,299.00');

  await page.goto(`/view?pid=${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: green })).toBeVisible();
  await expect(page.getByText('₱1,299.00').first()).toBeVisible();
});

test('edits the price, and the storefront shows the new one', async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
  await page.goto(`/admin?q=${encodeURIComponent(tag)}`);
  await page.getByRole('button', { name: `Actions for ${green}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/admin/product_edit/?pid=${productId}`);
  await expect(page.getByLabel('Price')).toHaveValue('₱1,299.00');
  await page.getByLabel('Price').fill('1499.50');
  const sent = page.waitForRequest(`**/api/product/edit/${productId}`);
  await page.getByRole('button', { name: 'Update' }).click();
  // SPEC's fields, and when the form read the product (an edit made since is refused).
  expect((await sent).postDataJSON()).toEqual({
    updatedName: green,
    updatedDescription: 'A breathable cotton tee for warm days.',
    updatedPrice: '1,499.50',
    updatedCategory: 'Men',
    updatedSubcategory: 'Tops',
    updatedSizes: ['S', 'M', 'L', 'XL', '2XL'],
    seenUpdatedAt: expect.any(String),
  });
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Product updated successfully' })).toBeVisible();

  await page.goto(`/view?pid=${productId}`);
  await expect(page.getByRole('heading', { level: 1, name: green })).toBeVisible();
  await expect(page.getByText('₱1,499.50').first()).toBeVisible();
});

test('a shopper orders it; the order shows in Orders List', async ({ page, playwright, baseURL }) => {
  shopperApi = await playwright.request.newContext({ baseURL });
  const request = shopperApi;
  shopper = await signUpViaApi(request, baseURL!, {
    name: `Journey Shopper ${tag}`,
    email: `journey.${tag}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
  });
  const product = (await (await request.get(`/api/product/${productId}`)).json()) as Product;
  order = await placeOrder(request, baseURL!, shopper.id, [
    { product, variation: 0, size: 'M', quantity: 1, fee: 0 },
    { product, variation: 1, size: 'L', quantity: 2, fee: 50 },
  ]);
  expect(order.status).toBe('pending');

  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin/orders');
  await searchTable(page, 'Search customer...', shopper.name);
  const rows = tableRows(page, 'Orders');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText(shopper.name);
  await expect(row).toContainText('COD');
  // No. of Products, after the date (with the order's number), the customer and the payment.
  await expect(row.getByRole('cell').nth(3)).toHaveText('2');
  await expect(row).toContainText('pending');
  await expect(row).toContainText('12 Mabini St, Makati City 1200');
  // 1 x 1,499.50 FREE + 2 x 1,499.50 at ₱50 = 4,498.50 + 50.00; 10% tax 454.85; total 5,003.35.
  expect(order.totalFee).toBe('5003.35');
  await expect(row).toContainText('₱5,003.35');
});

test('Manage Product Order sets one line delivered and one cancelled: the order is completed', async ({
  page,
  baseURL,
}) => {
  await signInAdmin(page.request, baseURL!);
  await page.goto(`/admin/orders?q=${encodeURIComponent(shopper.name)}`);
  await page.getByRole('button', { name: `Actions for the order of ${shopper.name}` }).click();
  await page.getByRole('menuitem', { name: 'Go to Product Management' }).click();
  await expect(page).toHaveURL(`/admin/product_management?oid=${order._id}`);
  await expect(page.getByRole('heading', { name: 'Manage Product Order' })).toBeVisible();

  const lines = page.getByRole('table', { name: 'Ordered products' }).locator('tbody tr');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(green);
  await expect(lines.first()).toContainText('M');
  await expect(lines.nth(1)).toContainText(blue);
  await expect(lines.nth(1)).toContainText('₱1,499.50');
  const first = page.getByLabel(`Status of ${green}, size M`);
  const second = page.getByLabel(`Status of ${blue}, size L`);
  await expect(first).toHaveValue('toPay');
  await expect(first.locator('option')).toHaveText(['To Pay', 'To Receive', 'Delivered', 'Cancelled']);
  await first.selectOption('delivered');
  await second.selectOption('cancelled');

  const statusUpdate = page.waitForRequest(`**/api/orders/statusUpdate/${order._id}`);
  const check = page.waitForRequest(`**/api/orders/checkAndUpdateOrder/${order._id}`);
  await page.getByRole('button', { name: 'Update' }).click();
  expect((await statusUpdate).postDataJSON()).toEqual({
    updatedStatus: ['delivered', 'cancelled'],
    userId: shopper.id,
  });
  await check;
  await expect(
    page.getByRole('alert').filter({ hasText: 'Order status updated successfully' }),
  ).toBeVisible();
  await expect(page).toHaveURL('/admin/orders');

  await searchTable(page, 'Search customer...', shopper.name);
  await expect(tableRows(page, 'Orders').first()).toContainText('completed');

  const mine = (await (await shopperApi.get(`/api/orders/user/${shopper.id}`)).json()) as Order[];
  expect(mine.map((o) => o.status)).toEqual(['completed']);
  expect(mine[0]!.products.map((p) => p.productStatus)).toEqual(['delivered', 'cancelled']);
});

test('deletes the product, the order and the user through the confirmation dialog', async ({
  page,
  baseURL,
}) => {
  await signInAdmin(page.request, baseURL!);

  // The product: Cancel closes the dialog and keeps it; Proceed deletes it.
  await page.goto(`/admin?q=${encodeURIComponent(tag)}`);
  await expect(tableRows(page, 'Products')).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${green}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Are you absolutely sure?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('This action cannot be undone.');
  await expect(dialog).toContainText(green);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(tableRows(page, 'Products')).toHaveCount(1);

  await page.getByRole('button', { name: `Actions for ${green}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const deleted = page.waitForRequest(`**/api/product/delete/${productId}`);
  // Hold the answer until 'Loading...' has been seen while it is on its way.
  const answer = routeGate();
  await page.route(`**/api/product/delete/${productId}`, async (route) => {
    await answer.opened;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  await expect(dialog.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  expect((await deleted).postDataJSON()).toEqual({ _id: productId });
  answer.open();
  await expect(page.getByRole('alert').filter({ hasText: 'Product deleted successfully' })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No product/s found.')).toBeVisible();

  // The order.
  await page.goto(`/admin/orders?q=${encodeURIComponent(shopper.name)}`);
  await page.getByRole('button', { name: `Actions for the order of ${shopper.name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const orderDeleted = page.waitForRequest(`**/api/orders/delete/${order._id}`);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  expect((await orderDeleted).postDataJSON()).toEqual({ orderId: order._id });
  await expect(page.getByRole('alert').filter({ hasText: 'Order deleted successfully' })).toBeVisible();
  await expect(page.getByText('No results.')).toBeVisible();

  // The user: the row menu has Delete only.
  await page.goto(`/admin/users?q=${encodeURIComponent(shopper.name)}`);
  await expect(tableRows(page, 'Users')).toHaveCount(1);
  await page.getByRole('button', { name: `Actions for ${shopper.name}` }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Delete']);
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const userDeleted = page.waitForRequest(`**/api/users/delete/${shopper.id}`);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
  expect((await userDeleted).postDataJSON()).toEqual({ _id: shopper.id });
  await expect(page.getByRole('alert').filter({ hasText: 'User deleted successfully' })).toBeVisible();
  await expect(page.getByText('No results.')).toBeVisible();

  expect((await page.request.get(`/api/product/${productId}`)).status()).toBe(404);
});
