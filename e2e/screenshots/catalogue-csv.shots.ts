import { CATALOGUE_CSV_COLUMNS } from '@habi/shared';
import sharp from 'sharp';
import { makeZip } from '../../apps/server/src/test/zip.ts';
import { adminApi, createProductViaApi, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';

// The Catalogue CSV page for visual review: as it opens, and a dry run with changes and a row to
// fix. The behaviour is tested in ../admin/catalogue-csv.spec.ts.

test('catalogue CSV: the page, and a dry run with changes and an error', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const name = `Shots ${uniqueTag()} Barong`;
  const id = await createProductViaApi(api, {
    name,
    price: '1299.00',
    stock: { trackStock: true, quantities: [{ variation: '', size: 'M', quantity: 3 }] },
  });
  await api.dispose();
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin/catalogue_csv');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalogue CSV' })).toBeVisible();
  await shoot(page, testInfo, 'admin-catalogue-csv');

  const row = (size: string, price: string, stock: string) =>
    [id, name, 'A product made by an end-to-end test.', 'Men', 'Tops', price, '', size, '', '', stock, '', '']
      .map((cell) => `"${cell}"`)
      .join(',');
  const csv = [
    CATALOGUE_CSV_COLUMNS.map((column) => `"${column}"`).join(','),
    row('S', '1499.00', '5'),
    row('M', '', '-2'),
  ].join('\r\n');
  await page.getByLabel('CSV or ZIP file').setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${csv}\r\n`),
  });
  await expect(page.getByText(/^row 3: Stock:/)).toBeVisible();
  await shoot(page, testInfo, 'admin-catalogue-csv-dry-run');
});

test('catalogue CSV: a ZIP dry run, a new product with its photos and a photo to fix', async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag();
  const row = (cells: Record<string, string>) =>
    CATALOGUE_CSV_COLUMNS.map((column) => `"${cells[column] ?? ''}"`).join(',');
  const product = (key: string, name: string, image: string) => ({
    'Product key': key,
    Name: `${name} ${tag}`,
    Description: 'Added from a ZIP.',
    Category: 'Women',
    Subcategory: 'Full Outfit',
    Price: '1899',
    Image: image,
  });
  const csv = [
    CATALOGUE_CSV_COLUMNS.map((column) => `"${column}"`).join(','),
    row(product('a', 'Terno Dress', 'photos/terno.png')),
    row(product('b', 'Piña Wrap', 'photos/wrap.heic')),
  ].join('\r\n');
  const photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#b04a5a' } })
    .png()
    .toBuffer();
  const zip = makeZip([
    { name: 'New arrivals/catalogue.csv', data: Buffer.from(csv) },
    { name: 'New arrivals/photos/terno.png', data: photo },
    { name: 'New arrivals/photos/wrap.heic', data: Buffer.from('not a format the store takes') },
  ]);
  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin/catalogue_csv');
  await page
    .getByLabel('CSV or ZIP file')
    .setInputFiles({ name: 'new-arrivals.zip', mimeType: 'application/zip', buffer: zip });
  await expect(page.getByText(/^row 3: Image:/)).toBeVisible();
  await shoot(page, testInfo, 'admin-catalogue-zip-dry-run');
});
