import type { Product } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import {
  adminApi,
  createProductViaApi,
  navLink,
  pngFile,
  searchTable,
  signInAdmin,
  tableRows,
  uniqueTag,
} from './helpers.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
});

const stockGrid = (page: Page) => page.getByRole('table', { name: 'Stock by variation and size' });
const quantities = (product: Product) =>
  Object.fromEntries(
    (product.stock ?? []).map((l) => [`${l.variation.split(' ').pop()} ${l.size}`, l.quantity]),
  );

async function readProduct(api: APIRequestContext, id: string): Promise<Product> {
  const response = await api.get(`/api/product/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Product;
}

test('Add Product tracks stock from the grid: set all, one cell typed, the keyboard between cells', async ({
  page,
  playwright,
  baseURL,
}) => {
  const tag = uniqueTag();
  const blue = `Grid ${tag} Tee Blue`;
  const olive = `Grid ${tag} Tee Olive`;
  await page.goto('/admin/add_product');
  await page.locator('input[name="imageUrl"]').setInputFiles(pngFile('red'));
  await page.locator('input[name="varImgUrls"]').setInputFiles([pngFile('blue'), pngFile('green')]);
  await page.getByLabel('Product name: Color/Variation').fill(blue);
  await page.getByLabel('Description').fill('A tee whose stock is counted.');
  await page.getByLabel('Price').fill('799');

  // Off by default: nothing of stock is sent.
  const track = page.getByRole('switch', { name: 'Track stock' });
  await expect(track).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByText('Not tracked: the product sells without limit.')).toBeVisible();
  await track.click();
  const grid = stockGrid(page);
  // One row and one column until variations and sizes are chosen.
  await expect(grid.getByRole('textbox')).toHaveCount(1);
  await expect(grid.getByRole('textbox', { name: 'Stock', exact: true })).toBeVisible();
  await page.getByLabel('Size').fill('clo');
  await page.keyboard.press('Enter');
  await expect(grid.getByRole('textbox')).toHaveCount(5);
  await page.getByLabel('Quantity for every cell').fill('3');
  await page.getByRole('button', { name: 'Set all' }).click();
  await expect(page.getByText('Total: 15')).toBeVisible();

  // The grid follows the variations entered: the first takes the row the product had.
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByPlaceholder('Variation 1').fill(blue);
  await page.getByPlaceholder('Variation 2').fill(olive);
  await expect(grid.getByRole('textbox')).toHaveCount(10);
  await expect(grid.getByRole('textbox', { name: 'Blue, S stock' })).toHaveValue('3');
  await expect(grid.getByRole('textbox', { name: 'Olive, S stock' })).toHaveValue('');
  // Enter in "Set all" sets, and does not send the form.
  await page.getByLabel('Quantity for every cell').press('Enter');
  await expect(page).toHaveURL('/admin/add_product');
  await expect(page.getByText('Total: 30')).toBeVisible();

  await grid.getByRole('textbox', { name: 'Olive, M stock' }).fill('1');
  // Arrows move between cells, and a cell entered is selected, so typing replaces it.
  await grid.getByRole('textbox', { name: 'Blue, XL stock' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('textbox', { name: 'Olive, XL stock' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.type('12');
  await expect(grid.getByRole('textbox', { name: 'Olive, 2XL stock' })).toHaveValue('12');
  await page.keyboard.press('Tab');
  await expect(grid.getByRole('textbox', { name: 'Olive, 2XL stock' })).not.toBeFocused();

  // A cell that holds no quantity says so under the grid and stops the form.
  await grid.getByRole('textbox', { name: 'Blue, L stock' }).fill('-2');
  await expect(page.getByText('Blue, L stock: Enter a whole number from 0 to 100,000')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(grid.getByRole('textbox', { name: 'Blue, L stock' })).toBeFocused();
  await grid.getByRole('textbox', { name: 'Blue, L stock' }).fill('');
  await expect(page.getByText('Total: 34')).toBeVisible();

  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Product added successfully' })).toBeVisible();
  await searchTable(page, 'Filter product name...', tag);
  const rows = tableRows(page, 'Products');
  await expect(rows).toHaveCount(1);
  // The total, and under it the cells at none or low.
  const stockCell = rows.first().getByRole('cell').nth(6);
  await expect(stockCell.getByText('34', { exact: true })).toBeVisible();
  await expect(stockCell).toContainText('1 size sold out');

  const api = await adminApi(playwright, baseURL!);
  const listed = await api.get(`/api/product/admin-list?q=${tag}`);
  const [summary] = (await listed.json()) as { _id: string }[];
  const product = await readProduct(api, summary!._id);
  expect(product.trackStock).toBe(true);
  expect(quantities(product)).toEqual({
    'Blue S': 3,
    'Blue M': 3,
    'Blue L': 0,
    'Blue XL': 3,
    'Blue 2XL': 3,
    'Olive S': 3,
    'Olive M': 1,
    'Olive L': 3,
    'Olive XL': 3,
    'Olive 2XL': 12,
  });
  await api.delete(`/api/product/delete/${product._id}`, { data: { _id: product._id } });
  await api.dispose();
});

test.describe('Products List by stock', () => {
  const tag = uniqueTag();
  const names = {
    low: `Stocked ${tag} Tee Low`,
    soldOut: `Stocked ${tag} Tee Gone`,
    full: `Stocked ${tag} Tee Full`,
    plain: `Stocked ${tag} Tee Plain`,
  };
  const ids: string[] = [];
  let api: APIRequestContext;

  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await adminApi(playwright, baseURL!);
    const level = (size: string, quantity: number) => ({ variation: '', size, quantity });
    ids.push(
      await createProductViaApi(api, {
        name: names.low,
        stock: { trackStock: true, quantities: [level('S', 1), level('L', 1)] },
      }),
      await createProductViaApi(api, { name: names.soldOut, stock: { trackStock: true, quantities: [] } }),
      await createProductViaApi(api, {
        name: names.full,
        stock: { trackStock: true, quantities: [level('M', 1200)] },
      }),
      await createProductViaApi(api, { name: names.plain }),
    );
  });
  test.afterAll(async () => {
    for (const id of ids) await api.delete(`/api/product/delete/${id}`, { data: { _id: id } });
    await api.dispose();
  });

  test('shows each total with its badge, filters by stock and sorts by it on the server', async ({
    page,
  }) => {
    await page.goto(`/admin?q=${tag}`);
    const rows = tableRows(page, 'Products');
    await expect(rows).toHaveCount(4);
    const row = (name: string) => rows.filter({ hasText: name });
    await expect(row(names.low)).toContainText('2Low stock');
    await expect(row(names.soldOut)).toContainText('0Sold out');
    await expect(row(names.full)).toContainText('1,200');
    await expect(row(names.full)).not.toContainText(/Low stock|Sold out/);
    await expect(row(names.plain)).toContainText('Not tracked');
    await expectAccessible(page);

    const filter = page.getByLabel('Stock', { exact: true });
    await filter.selectOption({ label: 'Low stock' });
    await expect(page).toHaveURL(new RegExp(`q=${tag}&stock=low`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(names.low);
    await filter.selectOption({ label: 'Sold out' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(names.soldOut);
    await filter.selectOption({ label: 'Not tracked' });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(names.plain);
    // The filter is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('untracked');
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'All' });
    await expect(rows).toHaveCount(4);

    // Untracked products come after the others whichever the direction.
    const header = page.getByRole('columnheader', { name: /Stock/ });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/sort=stock&order=asc/);
    await expect(rows.nth(0)).toContainText(names.soldOut);
    await expect(rows.nth(1)).toContainText(names.low);
    await expect(rows.nth(2)).toContainText(names.full);
    await expect(rows.nth(3)).toContainText(names.plain);
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(rows.nth(0)).toContainText(names.full);
    await expect(rows.nth(1)).toContainText(names.low);
    await expect(rows.nth(2)).toContainText(names.soldOut);
    await expect(rows.nth(3)).toContainText(names.plain);
  });
});

test.describe('Edit Product stock card', () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright, baseURL }) => {
    api = await adminApi(playwright, baseURL!);
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  /** A tracked tee in one variation, Blue, with 4 in M and none in the other sizes. */
  async function trackedTee() {
    const name = `Card ${uniqueTag()} Tee Blue`;
    const id = await createProductViaApi(api, {
      name,
      variations: [name],
      stock: { trackStock: true, quantities: [{ variation: name, size: 'M', quantity: 4 }] },
    });
    return { id, name };
  }
  const remove = (id: string) => api.delete(`/api/product/delete/${id}`, { data: { _id: id } });

  test('saves only the cells changed, apart from the product form, and turns tracking off', async ({
    page,
  }) => {
    const { id, name } = await trackedTee();
    await page.goto(`/admin/product_edit/?pid=${id}`);
    await expect(page.getByLabel('Name')).toHaveValue(name);
    const grid = stockGrid(page);
    await expect(grid.getByRole('textbox', { name: 'Blue, M stock' })).toHaveValue('4');
    await expect(page.getByText('4 in stock over every variation and size.')).toBeVisible();
    await expect(page.getByText('No unsaved changes')).toBeVisible();

    await grid.getByRole('textbox', { name: 'Blue, M stock' }).fill('9');
    await grid.getByRole('textbox', { name: 'Blue, L stock' }).fill('2');
    // A cell emptied is flagged once a save is tried, not while it is typed anew.
    const blueS = grid.getByRole('textbox', { name: 'Blue, S stock' });
    const emptied = page.getByText('Blue, S stock: Enter a whole number from 0 to 100,000');
    await blueS.fill('');
    await expect(emptied).toBeHidden();
    await page.getByRole('button', { name: 'Save stock' }).click();
    await expect(emptied).toBeVisible();
    await expect(blueS).toBeFocused();
    await blueS.fill('0');
    await expect(emptied).toBeHidden();
    await expect(page.getByText('2 unsaved changes')).toBeVisible();
    // At the top: a control scrolled under the sticky header reads to axe as a target too close to its buttons.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);
    const sent = page.waitForRequest((r) => r.url().includes(`/api/product/stock/${id}`));
    await page.getByRole('button', { name: 'Save stock' }).click();
    expect((await sent).postDataJSON()).toEqual({
      changes: [
        { variation: name, size: 'M', quantity: 9, expected: 4 },
        { variation: name, size: 'L', quantity: 2, expected: 0 },
      ],
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Stock updated successfully' })).toBeVisible();
    await expect(page.getByText('11 in stock over every variation and size.')).toBeVisible();
    await expect(page.getByText('No unsaved changes')).toBeVisible();
    // The product form was not sent, and stays where it was.
    await expect(page).toHaveURL(`/admin/product_edit/?pid=${id}`);
    expect(quantities(await readProduct(api, id))).toEqual({
      'Blue S': 0,
      'Blue M': 9,
      'Blue L': 2,
      'Blue XL': 0,
      'Blue 2XL': 0,
    });

    // The storefront shows the saved stock on its next load: M has plenty, L only 2, S none.
    await page.goto(`/view?pid=${id}`);
    await expect(page.getByRole('radio', { name: 'S, sold out', exact: true })).toBeDisabled();
    await page.getByRole('radio', { name: 'L', exact: true }).check();
    await expect(page.getByText('Only 2 left', { exact: true })).toBeVisible();
    await page.goto(`/admin/product_edit/?pid=${id}`);
    await expect(page.getByText('11 in stock over every variation and size.')).toBeVisible();

    await page.getByRole('switch', { name: 'Track stock' }).click();
    await expect(grid).toBeHidden();
    await expect(page.getByText(/Saving stops tracking stock/)).toBeVisible();
    await page.getByRole('button', { name: 'Save stock' }).click();
    await expect(page.getByText('Not tracked: the product sells without limit.')).toBeVisible();
    const untracked = await readProduct(api, id);
    expect([untracked.trackStock, untracked.stockTotal]).toEqual([false, null]);
    await remove(id);
  });

  test('a quantity changed by someone else meanwhile is refused, shown per cell, and saved on review', async ({
    page,
  }) => {
    const { id, name } = await trackedTee();
    await page.goto(`/admin/product_edit/?pid=${id}`);
    const grid = stockGrid(page);
    const blueM = grid.getByRole('textbox', { name: 'Blue, M stock' });
    await expect(blueM).toHaveValue('4');

    // A checkout, say, takes one after the page showed 4.
    const taken = await api.patch(`/api/product/stock/${id}`, {
      data: { changes: [{ variation: name, size: 'M', delta: -1 }] },
    });
    expect(taken.status(), await taken.text()).toBe(200);

    await blueM.fill('10');
    await grid.getByRole('textbox', { name: 'Blue, S stock' }).fill('5');
    await page.getByRole('button', { name: 'Save stock' }).click();
    await expect(
      page.getByText('The stock is not what this change expects. Please review it and try again.').first(),
    ).toBeVisible();
    await expect(grid.getByText('3 in stock now')).toBeVisible();
    await expect(blueM).toHaveAttribute('aria-describedby', /note/);
    await expect(blueM).toBeFocused();
    // The admin's values stay; nothing was saved.
    await expect(blueM).toHaveValue('10');
    await expect(grid.getByRole('textbox', { name: 'Blue, S stock' })).toHaveValue('5');
    expect(quantities(await readProduct(api, id))).toMatchObject({ 'Blue S': 0, 'Blue M': 3 });
    // At the top: a control scrolled under the sticky header reads to axe as a target too close to its buttons.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page);

    // Saved again, the change now expects the 3 shown.
    const sent = page.waitForRequest((r) => r.url().includes(`/api/product/stock/${id}`));
    await page.getByRole('button', { name: 'Save stock' }).click();
    expect((await sent).postDataJSON()).toEqual({
      changes: [
        { variation: name, size: 'S', quantity: 5, expected: 0 },
        { variation: name, size: 'M', quantity: 10, expected: 3 },
      ],
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Stock updated successfully' })).toBeVisible();
    await expect(grid.getByText('3 in stock now')).toBeHidden();
    expect(quantities(await readProduct(api, id))).toMatchObject({ 'Blue S': 5, 'Blue M': 10 });
    await remove(id);
  });

  test('Update saves the stock changes with the product, all or nothing', async ({ page }) => {
    const { id, name } = await trackedTee();
    await page.goto(`/admin/product_edit/?pid=${id}`);
    const grid = stockGrid(page);
    await grid.getByRole('textbox', { name: 'Blue, M stock' }).fill('9');
    await grid.getByRole('textbox', { name: 'Blue, L stock' }).fill('2');
    await page.getByLabel('Price').fill('555');
    await expect(page.getByText('2 unsaved changes')).toBeVisible();
    await expect(page.getByText('Update saves the details and the stock changes together.')).toBeVisible();
    const sent = page.waitForRequest((r) => r.url().includes(`/api/product/edit/${id}`));
    await page.getByRole('button', { name: 'Update' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      updatedPrice: '555',
      stock: {
        changes: [
          { variation: name, size: 'M', quantity: 9, expected: 4 },
          { variation: name, size: 'L', quantity: 2, expected: 0 },
        ],
      },
    });
    // Saved: back on the list without a warning.
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('alert').filter({ hasText: 'Product updated successfully' })).toBeVisible();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await page.goto(`/admin/product_edit/?pid=${id}`);
    await expect(grid.getByRole('textbox', { name: 'Blue, M stock' })).toHaveValue('9');
    await expect(grid.getByRole('textbox', { name: 'Blue, L stock' })).toHaveValue('2');
    await expect(page.getByText('11 in stock over every variation and size.')).toBeVisible();
    await expect(page.getByLabel('Price')).toHaveValue('₱555.00');

    // A checkout takes one of M meanwhile: Update saves nothing, neither price nor stock.
    const taken = await api.patch(`/api/product/stock/${id}`, {
      data: { changes: [{ variation: name, size: 'M', delta: -1 }] },
    });
    expect(taken.status(), await taken.text()).toBe(200);
    await grid.getByRole('textbox', { name: 'Blue, M stock' }).fill('20');
    await page.getByLabel('Price').fill('600');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(grid.getByText('8 in stock now')).toBeVisible();
    await expect(grid.getByRole('textbox', { name: 'Blue, M stock' })).toBeFocused();
    await expect(page).toHaveURL(`/admin/product_edit/?pid=${id}`);
    const kept = await readProduct(api, id);
    expect([kept.price, quantities(kept)['Blue M']]).toEqual(['555.00', 8]);
    await expect(grid.getByRole('textbox', { name: 'Blue, M stock' })).toHaveValue('20');
    await expect(page.getByLabel('Price')).toHaveValue('₱600');
    await remove(id);
  });

  test('warns before unsaved changes are left: a link, the back button, a reload', async ({ page }) => {
    const { id, name } = await trackedTee();
    // Opened from the list, so the browser's back button stays in the app.
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/admin/product_edit/?pid=${id}`);
    const blueM = stockGrid(page).getByRole('textbox', { name: 'Blue, M stock' });
    await blueM.click();
    await blueM.fill('7');

    const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await navLink(page, 'Orders');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('1 stock change is not saved. If you leave this page now');
    await expect(warning.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page);
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(`/admin/product_edit/?pid=${id}`);
    await expect(blueM).toHaveValue('7');

    // Escape stays too; the details count as well as the stock.
    await page.getByLabel('Name').fill(`${name} Edited`);
    await page.goBack();
    await expect(warning).toContainText(
      'Your changes to the product details and 1 stock change are not saved.',
    );
    await page.keyboard.press('Escape');
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(`/admin/product_edit/?pid=${id}`);
    await expect(page.getByLabel('Name')).toHaveValue(`${name} Edited`);

    // A reload gets the browser's own prompt; dismissed, the edits stay.
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.dismiss();
    });
    await page.evaluate(() => window.location.reload());
    await expect.poll(() => prompts).toEqual(['beforeunload']);
    await expect(blueM).toHaveValue('7');

    await navLink(page, 'Orders');
    await warning.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/admin/orders');
    expect(quantities(await readProduct(api, id))['Blue M']).toBe(4);
    await remove(id);
  });

  test('Logout asks before signing out of unsaved changes', async ({ page }) => {
    const { id } = await trackedTee();
    await page.goto(`/admin/product_edit/?pid=${id}`);
    await page.getByLabel('Description').fill('A tee whose stock is counted, and told.');
    const logout = async () => {
      const menu = page.getByRole('button', { name: 'Open menu' });
      if (await menu.isVisible()) await menu.click();
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('button', { name: 'Logout' })
        .click();
    };
    await logout();
    const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(warning).toContainText('Your changes to the product details are not saved.');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    // Still signed in, with the edit.
    await page.keyboard.press('Escape');
    await expect(page.getByLabel('Description')).toHaveValue('A tee whose stock is counted, and told.');
    expect((await page.request.get('/api/admin')).status()).toBe(200);

    await logout();
    await warning.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/');
    await remove(id);
  });

  test('asks nothing once the changes are saved or undone', async ({ page }) => {
    const { id } = await trackedTee();
    await page.goto(`/admin/product_edit/?pid=${id}`);
    const blueM = stockGrid(page).getByRole('textbox', { name: 'Blue, M stock' });
    await blueM.click();
    await blueM.fill('6');
    await page.getByRole('button', { name: 'Save stock' }).click();
    await expect(page.getByText('No unsaved changes')).toBeVisible();
    await blueM.fill('3');
    await blueM.fill('6');
    await expect(page.getByText('No unsaved changes')).toBeVisible();
    const prompts: string[] = [];
    page.on('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await expect(blueM).toHaveValue('6');
    await navLink(page, 'Orders');
    await expect(page).toHaveURL('/admin/orders');
    expect(prompts).toEqual([]);
    await remove(id);
  });
});
