import type { Page } from '@playwright/test';
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
