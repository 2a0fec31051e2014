import { type Product, SIZE_PRESETS } from '@habi/shared';
import { adminApi, pngFile, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';

// Edit Product's photos and variations, the product page's stock grid and the products table's
// size filter, for visual review. The behaviour is tested in ../admin/product-variations-stock.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

async function tee(playwright: Parameters<typeof adminApi>[0], baseURL: string, tag: string) {
  const api = await adminApi(playwright, baseURL);
  const name = `Shots ${tag} Tee`;
  const colours = ['Navy', 'Olive'];
  const png = () => new Blob([Buffer.from(PNG, 'base64')], { type: 'image/png' });
  const form = new FormData();
  form.append('imageUrl', png(), 'main.png');
  for (const colour of colours) form.append('varImgUrls', png(), `${colour}.png`);
  form.append('name', `${name} Navy`);
  form.append('description', 'A tee for the stock pictures.');
  form.append('price', '650.00');
  form.append('size', JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }));
  form.append('category', JSON.stringify({ label: 'Men', value: 'Men' }));
  form.append('subCategory', JSON.stringify({ label: 'Tops', value: 'Tops' }));
  form.append('variationsName', JSON.stringify(colours.map((c) => `${name} ${c}`)));
  const cells: Record<string, number> = { 'Navy L': 0, 'Olive S': 3, 'Olive 2XL': 2 };
  form.append(
    'stock',
    JSON.stringify({
      trackStock: true,
      quantities: colours.flatMap((c) =>
        SIZE_PRESETS.Clothes.map((size) => ({
          variation: `${name} ${c}`,
          size,
          quantity: cells[`${c} ${size}`] ?? 24,
        })),
      ),
    }),
  );
  const response = await api.post('/api/product/add', { multipart: form });
  expect(response.status()).toBe(201);
  const { product } = (await response.json()) as { product: Product };
  await api.dispose();
  return { name, product };
}

test('edit product photos and variations', async ({ page, playwright, baseURL }, testInfo) => {
  await signInAdmin(page.request, baseURL!);
  const { name, product } = await tee(playwright, baseURL!, uniqueTag());
  await page.goto(`/admin/product_edit/?pid=${product._id}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Photos and variations' }) });
  await card.getByRole('button', { name: 'Add variation' }).click();
  await card.getByLabel('New variation name').fill(`${name} Khaki`);
  await card
    .locator(`input[type="file"][aria-label="Choose photo of ${name} Khaki"]`)
    .setInputFiles(pngFile('blue', 'khaki.png'));
  await page.getByRole('textbox', { name: 'Khaki, M stock' }).fill('7');
  await shoot(page, testInfo, 'admin-product-edit-variations');
});

test('edit product skus', async ({ page, playwright, baseURL }, testInfo) => {
  await signInAdmin(page.request, baseURL!);
  const { product } = await tee(playwright, baseURL!, uniqueTag());
  await page.goto(`/admin/product_edit/?pid=${product._id}`);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'SKUs and barcodes' }) });
  await card.getByText(/^Show \d+ SKUs$/).click();
  await card.getByRole('textbox', { name: 'Barcode' }).first().fill('4006381333932');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(card.getByRole('alert').first()).toBeVisible();
  await shoot(page, testInfo, 'admin-product-edit-skus');
});

test('product view stock grid', async ({ page, playwright, baseURL }, testInfo) => {
  await signInAdmin(page.request, baseURL!);
  const { product } = await tee(playwright, baseURL!, uniqueTag());
  await page.goto(`/admin/product_view/?pid=${product._id}`);
  await expect(page.getByRole('table', { name: 'Stock by variation and size' })).toBeVisible();
  await shoot(page, testInfo, 'admin-product-view-stock');
});

test('products size filter', async ({ page, playwright, baseURL }, testInfo) => {
  await signInAdmin(page.request, baseURL!);
  const tag = uniqueTag();
  await tee(playwright, baseURL!, tag);
  await page.goto(`/admin?stock=sizeSoldOut&q=${tag}`);
  await expect(page.getByText('1 size sold out')).toBeVisible();
  await shoot(page, testInfo, 'admin-products-size-filter');
});
