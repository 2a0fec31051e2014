import { readFileSync } from 'node:fs';
import { type Product, SIZE_PRESETS } from '@habi/shared';
import type { APIRequestContext } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { adminApi, pngFile, searchTable, signInAdmin, tableRows, uniqueTag } from './helpers.ts';

// Edit Product's photos and variations, the product page's stock grid and the products table's
// size filters, as a shop owner keeping a product up to date would use them (at phone and
// desktop widths: the file name puts it in both projects).

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

test.beforeEach(async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
});

/** A tracked tee in the given colours, `quantity` of each size unless `cells` says otherwise. */
async function teeIn(
  api: APIRequestContext,
  name: string,
  colours: string[],
  quantity: number,
  cells: Record<string, number> = {},
): Promise<Product> {
  // Each photo bytes of its own (a PNG with the tee's name after its end): images are named by
  // content, and one another product shows (other specs upload the same squares) is kept.
  const photos = ['red', 'green', 'blue'] as const;
  const form = new FormData();
  form.append('imageUrl', new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' }), 'main.png');
  for (const [n, colour] of colours.entries()) {
    const bytes = Buffer.concat([
      readFileSync(pngFile(photos[n % photos.length]!)),
      Buffer.from(`${name} ${colour}`),
    ]);
    form.append('varImgUrls', new Blob([bytes], { type: 'image/png' }), `v${n}.png`);
  }
  form.append('name', `${name} ${colours[0]}`);
  form.append('description', 'A tee kept up to date by an end-to-end test.');
  form.append('price', '650.00');
  form.append('size', JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }));
  form.append('category', JSON.stringify({ label: 'Men', value: 'Men' }));
  form.append('subCategory', JSON.stringify({ label: 'Tops', value: 'Tops' }));
  form.append('variationsName', JSON.stringify(colours.map((c) => `${name} ${c}`)));
  form.append(
    'stock',
    JSON.stringify({
      trackStock: true,
      quantities: colours.flatMap((c) =>
        SIZE_PRESETS.Clothes.map((size) => ({
          variation: `${name} ${c}`,
          size,
          quantity: cells[`${c} ${size}`] ?? quantity,
        })),
      ),
    }),
  );
  const response = await api.post('/api/product/add', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: Product }).product;
}

async function readProduct(api: APIRequestContext, id: string): Promise<Product> {
  const response = await api.get(`/api/product/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Product;
}

test('Edit Product adds a colour with its photo and stock, replaces a photo and removes a variation', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const name = `Keep ${uniqueTag()} Tee`;
  const tee = await teeIn(api, name, ['Navy', 'Olive'], 10);
  const [navy, olive] = tee.variations;

  await page.goto(`/admin/product_edit/?pid=${tee._id}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Photos and variations' }) });
  await expect(card.getByText(navy!.name)).toBeVisible();
  await expectAccessible(page);

  // Olive's photo replaced, Navy removed: its row leaves the Stock card too.
  await card
    .locator('input[type="file"][aria-label="Replace photo of Olive"]')
    .setInputFiles(pngFile('blue'));
  await expect(card.getByRole('img', { name: 'Olive photo' })).toHaveAttribute('src', /^blob:/);
  await card.getByRole('button', { name: 'Remove Navy' }).click();
  const grid = page.getByRole('table', { name: 'Stock by variation and size' });
  await expect(grid.getByRole('textbox', { name: 'Navy, M stock' })).toHaveCount(0);

  // A colour added with its photo and its sizes' stock, set in the same grid.
  await card.getByRole('button', { name: 'Add variation' }).click();
  await expect(card.getByLabel('New variation name')).toBeFocused();
  await card.getByLabel('New variation name').fill(`${name} Khaki`);
  await card
    .locator(`input[type="file"][aria-label="Choose photo of ${name} Khaki"]`)
    .setInputFiles({ name: 'khaki.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
  await expect(card.getByRole('img', { name: `${name} Khaki photo` })).toBeVisible();
  await grid.getByRole('textbox', { name: 'Khaki, M stock' }).fill('7');
  await grid.getByRole('textbox', { name: 'Khaki, L stock' }).fill('3');
  await expectAccessible(page);

  // Leaving asks first: the changes are not saved yet.
  await page.getByRole('button', { name: 'Cancel', exact: true }).last().click();
  const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(warning).toContainText('2 stock changes');
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toHaveCount(0);

  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  const saved = await readProduct(api, tee._id);
  expect(saved.variations.map((v) => v.name)).toEqual([olive!.name, `${name} Khaki`]);
  expect(saved.variations[0]!.imageUrl).not.toBe(olive!.imageUrl);
  expect(saved.stock?.filter((l) => l.variation === `${name} Khaki`).map((l) => l.quantity)).toEqual([
    0, 7, 3, 0, 0,
  ]);
  // The photos replaced and removed are gone (no order shows them); the new ones are served.
  expect((await api.get(olive!.imageUrl)).status()).toBe(404);
  expect((await api.get(navy!.imageUrl)).status()).toBe(404);
  expect((await api.get(saved.variations[0]!.imageUrl)).status()).toBe(200);
  expect((await api.get(saved.variations[1]!.imageUrl)).status()).toBe(200);

  // The product's page shows the grid read only, sold-out and low cells marked.
  await page.goto(`/admin/product_view/?pid=${tee._id}`);
  const view = page.getByRole('table', { name: 'Stock by variation and size' });
  const khaki = view.getByRole('row', { name: /Khaki/ });
  // Each cell starts with its quantity and its mark (a SKU may follow).
  await expect(khaki.getByRole('cell')).toHaveText([
    /^0Sold out/,
    /^7(?!Low|Sold)/,
    /^3Low/,
    /^0Sold out/,
    /^0Sold out/,
  ]);
  await expect(view.getByRole('row', { name: /Navy/ })).toHaveCount(0);
  await expect(view.getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);
  await api.dispose();
});

test('Edit Product changes SKUs and barcodes with Update: a bad barcode is named, two SKUs swap', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const tee = await teeIn(api, `Codes ${uniqueTag()} Tee`, ['Navy'], 4);
  const skuOf = (product: Product, size: string) => product.stock!.find((l) => l.size === size)!.sku!;
  const [m, l] = [skuOf(tee, 'M'), skuOf(tee, 'L')];

  await page.goto(`/admin/product_edit/?pid=${tee._id}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'SKUs and barcodes' }) });
  await card.getByText('Show 5 SKUs').click();
  const row = (size: string) => card.getByRole('group', { name: `Navy, ${size}` });
  await expect(row('M').getByLabel('SKU')).toHaveValue(m);
  await expectAccessible(page);

  await row('M').getByLabel('SKU').fill(l.toLowerCase());
  await row('L').getByLabel('SKU').fill(m);
  await row('M').getByLabel('Barcode').fill('4006381333932');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(
    row('M').getByText('A barcode is 12 digits (UPC-A) or 13 digits (EAN-13) with the right check digit'),
  ).toBeVisible();
  await expect(page).toHaveURL(/product_edit/);
  expect(skuOf(await readProduct(api, tee._id), 'M')).toBe(m);
  await expectAccessible(page);

  // Leaving asks first: the SKUs are not saved yet.
  await page.getByRole('button', { name: 'Cancel', exact: true }).last().click();
  const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(warning).toContainText('Your changes to the product details are not saved.');
  await warning.getByRole('button', { name: 'Cancel' }).click();

  await row('M').getByLabel('Barcode').fill('4006381333931');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  const saved = await readProduct(api, tee._id);
  expect([skuOf(saved, 'M'), skuOf(saved, 'L')]).toEqual([l, m]);
  expect(saved.stock!.find((level) => level.size === 'M')!.barcode).toBe('4006381333931');
  await api.dispose();
});

test('a cart line shows its variation’s photo as it is now, once the photo is replaced', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const name = `Photo ${uniqueTag()} Tee`;
  const tee = await teeIn(api, name, ['Navy'], 10);
  const [navy] = tee.variations;

  await page.goto(`/view?pid=${tee._id}`);
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.locator('.Toastify').getByText('Added to the cart.').first()).toBeVisible();

  await page.goto(`/admin/product_edit/?pid=${tee._id}`);
  await page
    .locator('input[type="file"][aria-label="Replace photo of Navy"]')
    .setInputFiles(pngFile('green'));
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin\/?$/);
  const replaced = (await readProduct(api, tee._id)).variations[0]!.imageUrl;
  expect(replaced).not.toBe(navy!.imageUrl);
  expect((await api.get(navy!.imageUrl)).status()).toBe(404);

  // The line was saved with the old photo, which is deleted: the cart shows the new one, loaded.
  await page.goto('/cart');
  const photo = page
    .getByRole('region', { name: 'Review your Cart' })
    .getByRole('listitem')
    .filter({ hasText: navy!.name })
    .locator('img');
  await expect(photo).toHaveAttribute('src', replaced);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await api.dispose();
});

test('the products table finds a product with one size sold out by the size filter, not by the total ones', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  const name = `Gap ${tag} Tee`;
  await teeIn(api, name, ['Navy', 'Olive'], 40, { 'Navy L': 0 });
  await api.dispose();

  await page.goto('/admin');
  await searchTable(page, 'Filter product name...', tag);
  const rows = tableRows(page, 'Products');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('1 size sold out');

  const stock = page.getByLabel('Stock', { exact: true });
  await stock.selectOption('soldOut');
  await expect(page.getByText('Total over every variation and size: none left at all.')).toBeVisible();
  await expect(page.getByText('No product/s found.')).toBeVisible();

  await stock.selectOption('sizeSoldOut');
  await expect(page).toHaveURL(/stock=sizeSoldOut/);
  await expect(page.getByText('Some variation in some size has none left, whatever the total')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${name} Navy`);
  await expectAccessible(page);
});
