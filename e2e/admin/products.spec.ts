import type { APIRequestContext } from '@playwright/test';
import { manilaDayMonthYear } from '../dates.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import {
  adminApi,
  createProductViaApi,
  navLink,
  pngFile,
  searchTable,
  signInAdmin,
  tableRows,
  textFile,
  uniqueTag,
} from './helpers.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
});

test.describe('Products List', () => {
  // One worker for the group: its beforeAll data is counted exactly.
  test.describe.configure({ mode: 'default' });
  const tag = uniqueTag();
  const names = Array.from({ length: 12 }, (_, i) => `Pager ${tag} Tee ${String(i + 1).padStart(2, '0')}`);
  const ids: string[] = [];
  let api: APIRequestContext;

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await adminApi(playwright, baseURL!);
    // Twelve products of our own, so paging within a search is known exactly.
    for (const [i, name] of names.entries()) {
      ids.push(await createProductViaApi(api, { name, price: `${100 + i}.00` }));
    }
  });
  test.afterAll(async () => {
    for (const id of ids) await api.delete(`/api/product/delete/${id}`, { data: { _id: id } });
    await api.dispose();
  });

  test('pages through the whole catalogue ten rows at a time', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Products List' })).toBeVisible();
    const rows = tableRows(page, 'Products');
    await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible();
    await expect(rows).toHaveCount(10);
    const firstPage = (await rows.first().textContent()) ?? '';

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(/^Showing 11–20 of \d+$/)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows.first()).not.toHaveText(firstPage);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText(/^Showing 1–10 of \d+$/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await expectAccessible(page);
  });

  test('filters by name on the server, pages the matches and sorts by Product Name', async ({ page }) => {
    await page.goto('/admin');
    const rows = tableRows(page, 'Products');
    await searchTable(page, 'Filter product name...', tag);
    await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await expect(rows).toHaveCount(10);
    // Newest first by default.
    await expect(rows.first()).toContainText(names[11]!);

    const header = page.getByRole('columnheader', { name: /Product Name/ });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(rows.first()).toContainText(names[0]!);
    await expect(rows.nth(9)).toContainText(names[9]!);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 11–12 of 12')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(names[11]!);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

    // A new sort starts again at the first page.
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(page.getByText('Showing 1–10 of 12')).toBeVisible();
    await expect(rows.first()).toContainText(names[11]!);

    // The state lives in the URL: a reload shows the same rows.
    await page.reload();
    await expect(rows.first()).toContainText(names[11]!);
    await expect(page.getByRole('searchbox', { name: 'Filter product name...' })).toHaveValue(tag);

    // Each row shows the day/month/year it was published (in Manila) and its price in pesos.
    const published = (await (await api.get(`/api/product/${ids[11]}`)).json()).createdAt as string;
    await expect(rows.first()).toContainText(manilaDayMonthYear(published));
    await expect(rows.first()).toContainText('₱111.00');

    await searchTable(page, 'Filter product name...', `${tag}-nothing-like-this`);
    await expect(page.getByText('No product/s found.')).toBeVisible();
  });

  test('a row menu offers More Details and Edit, by keyboard too', async ({ page }) => {
    await page.goto(`/admin?q=${tag}&sort=name`);
    const rows = tableRows(page, 'Products');
    await expect(rows).toHaveCount(10);
    const trigger = page.getByRole('button', { name: `Actions for ${names[0]}` });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Actions')).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(['More Details', 'Edit', 'Delete']);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await trigger.click();
    await page.getByRole('menuitem', { name: 'More Details' }).click();
    await expect(page).toHaveURL(`/admin/product_view/?pid=${ids[0]}`);
    await expect(page.getByRole('heading', { name: 'Product Details' })).toBeVisible();
    const details = page.getByRole('table', { name: `Details of ${names[0]}` });
    await expect(details.getByRole('row', { name: /^ID/ })).toContainText(ids[0]!);
    await expect(details.getByRole('row', { name: /^Price/ })).toContainText('₱100.00');
    await expect(details.getByRole('row', { name: /^Sizes/ })).toContainText('S, M, L, XL, 2XL');
    await expect(details.getByRole('row', { name: /^Variations/ })).toContainText('N/A');
    await expect(details.getByRole('row', { name: /^Category/ })).toContainText('Men');
    await expect(details.getByRole('row', { name: /^Subcategory/ })).toContainText('Tops');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/admin\?/);
    await page.getByRole('button', { name: `Actions for ${names[0]}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/admin/product_edit/?pid=${ids[0]}`);
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  });
});

test.describe('Add Product form', () => {
  test('shows every validation message and refuses other file types', async ({ page }) => {
    await page.goto('/admin/add_product');
    await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
    await expect(page.getByLabel('Product name: Color/Variation')).toHaveAttribute(
      'placeholder',
      'Men T-shirt Blue',
    );

    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Too short!', { exact: true })).toBeVisible();
    await expect(page.getByText('Too short', { exact: true })).toBeVisible();
    await expect(page.getByText('Add a product image')).toBeVisible();

    await page.getByLabel('Product name: Color/Variation').fill('Tee');
    await expect(page.getByText('Too Short!', { exact: true })).toBeVisible();
    await page.getByLabel('Description').fill('x'.repeat(1001));
    await expect(page.getByText('Description must not exceed to 1000 character(s)')).toBeVisible();
    await page.getByLabel('Price').fill('12');
    await expect(page.getByLabel('Price')).toHaveValue('₱12');
    await expect(page.getByText('Too short', { exact: true })).toBeVisible();
    await page.getByLabel('Price').fill('1299');
    await expect(page.getByLabel('Price')).toHaveValue('₱1,299');
    await expect(page.getByText('Too short', { exact: true })).toBeHidden();
    // No negatives.
    await page.getByLabel('Price').fill('-5');
    await expect(page.getByLabel('Price')).toHaveValue('₱5');

    // Only png, jpeg, jpg and svg.
    await page.locator('input[name="varImgUrls"]').setInputFiles(textFile());
    await expect(page.getByText('Only png, jpeg, jpg and svg images are accepted')).toBeVisible();
    await page.locator('input[name="imageUrl"]').setInputFiles(textFile('photo.gif'));
    await expect(page.getByText('Only png, jpeg, jpg and svg images are accepted').first()).toBeVisible();

    // As many variation names as variation images.
    await page.locator('input[name="varImgUrls"]').setInputFiles([pngFile('green'), pngFile('blue')]);
    const thumbnails = page.getByRole('list', { name: 'Variation images' }).getByRole('listitem');
    await expect(thumbnails).toHaveCount(2);
    await expect(thumbnails.nth(1)).toContainText('2');
    await expect(page.getByText('Give one name per variation image: 2 images, 0 names.')).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByPlaceholder('Variation 1')).toBeVisible();
    await expect(page.getByText('Give one name per variation image: 2 images, 1 name.')).toBeVisible();
    await page.getByRole('button', { name: 'Remove variation image 2' }).click();
    await expect(thumbnails).toHaveCount(1);
    await expect(page.getByText(/Give one name per variation image/)).toBeHidden();
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByPlaceholder('Variation 1')).toBeHidden();

    await expectAccessible(page);

    // What was entered is dropped only once the admin agrees.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('alertdialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave' })
      .click();
    await expect(page).toHaveURL('/admin');
  });

  test('warns before what was entered is left, and a creation goes unasked', async ({ page }) => {
    const name = `Leave ${uniqueTag()} Tee Sand`;
    await page.goto('/admin/add_product');
    await page.getByLabel('Product name: Color/Variation').fill(name);

    const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await navLink(page, 'Orders');
    await expect(warning).toContainText(
      "The new product's details are not saved. If you leave this page now, they are lost.",
    );
    await expect(warning.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL('/admin/add_product');
    await expect(page.getByLabel('Product name: Color/Variation')).toHaveValue(name);

    // An image alone counts too.
    await page.getByLabel('Product name: Color/Variation').fill('');
    await page.locator('input[name="imageUrl"]').setInputFiles(pngFile('red'));
    await navLink(page, 'Orders');
    await warning.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/admin/orders');

    // Created: back on the list with no warning on the way.
    await page.goto('/admin/add_product');
    await page.locator('input[name="imageUrl"]').setInputFiles(pngFile('red'));
    await page.getByLabel('Product name: Color/Variation').fill(name);
    await page.getByLabel('Description').fill('A tee to see the warning left out of a save.');
    await page.getByLabel('Price').fill('499');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('alert').filter({ hasText: 'Product added successfully' })).toBeVisible();
    await expect(warning).toBeHidden();

    await searchTable(page, 'Filter product name...', name);
    const href = await tableRows(page, 'Products').first().getByRole('link', { name }).getAttribute('href');
    const id = new URL(href!, 'http://x').searchParams.get('pid')!;
    await page.request.delete(`/api/product/delete/${id}`, { data: { _id: id } });
  });
});

test.describe('Edit Product form', () => {
  // One worker for the group: its beforeAll data is counted exactly.
  test.describe.configure({ mode: 'default' });
  let api: APIRequestContext;
  let id: string;
  const name = `Edit ${uniqueTag()} Shirt Olive`;

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await adminApi(playwright, baseURL!);
    id = await createProductViaApi(api, { name, price: '1299.00', variations: [name] });
  });
  test.afterAll(async () => {
    await api.delete(`/api/product/delete/${id}`, { data: { _id: id } });
    await api.dispose();
  });

  test('starts from the stored values and shows the validation messages', async ({ page }) => {
    await page.goto('/admin');
    await page.goto(`/admin/product_edit/?pid=${id}`);
    await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByText('Product name: Color/Variation')).toBeVisible();
    await expect(page.getByLabel('Price')).toHaveValue('₱1,299.00');
    // Five sizes read back as the Clothes preset.
    await expect(page.locator('form').getByText('Clothes', { exact: true })).toBeVisible();
    await expect(page.locator('form').getByText('Men', { exact: true })).toBeVisible();
    await expect(page.locator('form').getByText('Tops', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Name').fill('T');
    await page.getByLabel('Description').fill('ab');
    await page.getByLabel('Price').fill('');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Too short!')).toHaveCount(2);
    await expect(page.getByText('Too short', { exact: true })).toBeVisible();

    // Cancel goes back once the admin agrees to leave the edits, and nothing was saved.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(warning).toContainText('Your changes to the product details are not saved.');
    await warning.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/admin');
    const stored = await (await api.get(`/api/product/${id}`)).json();
    expect(stored.name).toBe(name);
  });
});
