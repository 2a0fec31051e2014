import { readFileSync, writeFileSync } from 'node:fs';
import { CATALOGUE_CSV_COLUMNS, type Product } from '@habi/shared';
import sharp from 'sharp';
import { makeZip } from '../../apps/server/src/test/zip.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { adminApi, createProductViaApi, navLink, signInAdmin, uniqueTag } from './helpers.ts';

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Catalogue CSV at ${width} width`, () => {
    test.use({ viewport, hasTouch: width === 'phone' });

    test('export, edit a price and a stock, check the dry run, apply', async ({
      page,
      playwright,
      baseURL,
    }, testInfo) => {
      const api = await adminApi(playwright, baseURL!);
      const name = `CSV ${uniqueTag()} Piña Tee`;
      const id = await createProductViaApi(api, {
        name,
        price: '350.00',
        variations: [`${name} Navy`],
        stock: { trackStock: true, quantities: [{ variation: `${name} Navy`, size: 'M', quantity: 4 }] },
      });
      await signInAdmin(page.request, baseURL!);

      // The menu's link at desktop width; a phone opens the page by its address.
      if (width === 'desktop') {
        await page.goto('/admin');
        await navLink(page, 'Catalogue CSV');
      } else await page.goto('/admin/catalogue_csv');
      await expect(page).toHaveURL('/admin/catalogue_csv');
      await expect(page.getByRole('heading', { level: 1, name: 'Catalogue CSV' })).toBeVisible();
      await expectAccessible(page);

      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export catalogue (CSV)' }).click();
      const download = await downloading;
      const exported = readFileSync((await download.path())!, 'utf8');
      expect(exported.startsWith('\uFEFF"Product key"')).toBe(true);

      // This product's rows only (other specs add products), its price up and Navy M's stock.
      const [header, ...lines] = exported.replace(/^\uFEFF/, '').split('\r\n');
      const mine = lines.filter((line) => line.startsWith(`"${id}"`));
      expect(mine).toHaveLength(5);
      const edited = mine.map((line) => {
        const cells = line.slice(1, -1).split('","');
        cells[5] = '375.00';
        if (cells[7] === 'M') cells[10] = '9';
        return `"${cells.join('","')}"`;
      });
      const file = testInfo.outputPath('catalogue.csv');
      writeFileSync(file, `\uFEFF${[header, ...edited].join('\r\n')}\r\n`);

      await page.getByLabel('CSV or ZIP file').setInputFiles(file);
      await expect(page.getByText('catalogue.csv: 2 changes in 1 product, ready to apply.')).toBeVisible();
      const changes = page.getByRole('table', { name: 'The changes the file makes' });
      const cells = (field: string) => changes.getByRole('row').filter({ hasText: field }).getByRole('cell');
      await expect(cells('Price').nth(3)).toHaveText('350.00');
      await expect(cells('Price').nth(4)).toHaveText('375.00');
      await expect(cells('Stock (').nth(3)).toHaveText('4');
      await expect(cells('Stock (').nth(4)).toHaveText('9');
      // The dry run changed nothing.
      const before = (await (await api.get(`/api/product/${id}`)).json()) as Product;
      expect(before.price).toBe('350.00');
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Apply 2 changes' }).click();
      await expect(page.getByText('Applied: 0 products added, 1 changed.')).toBeVisible();
      await expectAccessible(page);
      const after = (await (await api.get(`/api/product/${id}`)).json()) as Product;
      expect(after.price).toBe('375.00');
      expect(after.stock?.find((level) => level.size === 'M')?.quantity).toBe(9);
      await api.dispose();
    });

    test('a ZIP of a CSV and a photo adds a product the shop shows with that photo', async ({
      page,
      baseURL,
    }) => {
      const name = `ZIP ${uniqueTag()} Linen Shirt`;
      const cells: Record<string, string> = {
        'Product key': 'new-shirt',
        Name: name,
        Description: 'A linen shirt added with its photo.',
        Category: 'Men',
        Subcategory: 'Tops',
        Price: '1250',
        Stock: '7',
        Image: 'photos/shirt.png',
      };
      const csv = [CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_COLUMNS.map((column) => cells[column] ?? '')]
        .map((row) => row.map((cell) => `"${cell}"`).join(','))
        .join('\r\n');
      // A photo of its own: the store names images by their content.
      const photo = await sharp({
        create: { width: 60, height: 80, channels: 3, background: { r: 200, g: 180, b: Date.now() % 256 } },
      })
        .png()
        .toBuffer();
      const zip = makeZip([
        { name: 'Spring/catalogue.csv', data: Buffer.from(csv) },
        { name: 'Spring/photos/shirt.png', data: photo },
      ]);
      await signInAdmin(page.request, baseURL!);
      await page.goto('/admin/catalogue_csv');
      await page
        .getByLabel('CSV or ZIP file')
        .setInputFiles({ name: 'spring.zip', mimeType: 'application/zip', buffer: zip });
      await expect(page.getByText('spring.zip: 1 change in 1 product, ready to apply.')).toBeVisible();
      const change = page
        .getByRole('table', { name: 'The changes the file makes' })
        .getByRole('row', { name: name });
      await expect(change.getByRole('cell').nth(4)).toHaveText(
        '1 row, 7 in stock, 1 image from the ZIP file',
      );
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Apply 1 change' }).click();
      await expect(page.getByText('Applied: 1 product added, 0 changed.')).toBeVisible();
      const found = (await (
        await page.request.get(`/api/product/all?q=${encodeURIComponent(name)}`)
      ).json()) as {
        _id: string;
        name: string;
      }[];
      const added = found.find((product) => product.name === name)!;
      await page.goto(`/view?pid=${added._id}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      const image = page.getByRole('img', { name }).first();
      await expect(image).toHaveJSProperty('complete', true);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    });
  });
}
