import { CATALOGUE_CSV_COLUMNS } from '@habi/shared';
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
