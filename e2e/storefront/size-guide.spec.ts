import { DEFAULT_SIZE_CHARTS, type Product, SIZE_PRESETS } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, uniqueTag } from '../admin/helpers.ts';
import { appIsReady, expect, expectAccessible, routeGate, test } from '../fixtures.ts';

// The product page's Size Guide (docs/business-rules.md, "Size charts"): the chart that fits the
// product, centimetres or inches, how to measure, the chosen size marked; a dialog on a desktop,
// a sheet from the bottom on a phone; in the server's HTML, readable before the app runs.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

/** A product of a category and type, in the sizes given; its id. */
async function productOf(
  api: APIRequestContext,
  category: string,
  subCategory: string,
  sizes: { label: string; value: readonly string[] } = { label: 'Clothes', value: SIZE_PRESETS.Clothes },
) {
  const name = `Guide ${uniqueTag()} ${subCategory} Sand`;
  const response = await api.post('/api/product/add', {
    multipart: {
      imageUrl: { name: 'main.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') },
      name,
      description: 'A product made by the size guide test.',
      price: '899.00',
      size: JSON.stringify(sizes),
      category: JSON.stringify({ label: category, value: category }),
      subCategory: JSON.stringify({ label: subCategory, value: subCategory }),
      variationsName: '[]',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: Product }).product._id;
}

/** Both units are in the markup and one shows: the text a shopper sees. */
const INNER = { useInnerText: true };
const guideDialog = (page: Page) => page.getByRole('dialog', { name: 'Size Guide' });
const chartTable = (page: Page, name: RegExp) => page.getByRole('table', { name });
/** The chart's row of a size ("M", or "M, your size" when it is the one chosen). */
const row = (page: Page, size: string) =>
  page.getByRole('row').filter({
    has: page.getByRole('rowheader', { name: new RegExp(`^${size.replace('.', '\\.')}(, your size)?$`) }),
  });

for (const [width, height, where] of [
  [1280, 800, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test.describe(`on a ${where}`, () => {
    test.use({ viewport: { width, height }, hasTouch: where === 'phone' });

    test('the Size Guide opens with the chosen size marked, in centimetres or inches, and closes back to its button', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const api = await adminApi(playwright, baseURL!);
      const id = await productOf(api, 'Men', 'Tops');
      await api.dispose();
      await page.goto(`/view?pid=${id}`);
      await page.getByRole('radio', { name: 'M', exact: true }).check();
      const trigger = page.getByRole('button', { name: 'Size Guide' });
      await trigger.click();

      const dialog = guideDialog(page);
      await expect(dialog).toBeVisible();
      const table = chartTable(page, /^Men's Tops size chart/);
      await expect(table).toHaveAccessibleName(
        /^Men's Tops size chart: body measurements in centimetres\.\s*Your size, M, is marked\.$/,
      );
      await expect(table).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText(['Size', 'Chest (cm)', 'Waist (cm)'], INNER);
      await expect(row(page, 'M')).toHaveAttribute('aria-current', 'true');
      await expect(row(page, 'M').getByRole('rowheader')).toHaveAccessibleName('M, your size');
      await expect(row(page, 'S')).not.toHaveAttribute('aria-current');
      await expect(row(page, 'M').getByRole('cell')).toHaveText(['89–93', '73–78'], INNER);
      await expect(dialog.getByRole('heading', { name: 'How to measure' })).toBeVisible();

      await dialog.getByRole('radio', { name: 'inches' }).check();
      await expect(table.getByRole('columnheader')).toHaveText(['Size', 'Chest (in)', 'Waist (in)'], INNER);
      // 89 cm is 35.04 in, 93 cm 36.61 in; 73 cm 28.74 in, 78 cm 30.71 in.
      await expect(row(page, 'M').getByRole('cell')).toHaveText(['35.0–36.6', '28.7–30.7'], INNER);
      await expect(table).toHaveAccessibleName(/in inches\./);

      if (where === 'phone') {
        // A sheet: along the bottom edge, the whole width.
        const box = (await dialog.boundingBox())!;
        expect(Math.round(box.y + box.height)).toBe(height);
        expect(Math.round(box.width)).toBe(width);
      }
      await expectAccessible(page);

      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(trigger).toBeFocused();
      // The unit chosen is kept for the next look.
      await trigger.press('Enter');
      await expect(guideDialog(page).getByRole('radio', { name: 'inches' })).toBeChecked();
    });

    test('before the app runs, the guide is a disclosure in the page, its units switching without the app', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const api = await adminApi(playwright, baseURL!);
      const id = await productOf(api, 'Women', 'Shoes', { label: 'Sneakers', value: SIZE_PRESETS.Sneakers });
      await api.dispose();
      const gate = routeGate();
      await page.route('**/assets/*.js', async (route) => {
        await gate.opened;
        await route.continue();
      });
      await page.goto(`/view?pid=${id}`, { waitUntil: 'commit' });
      const summary = page.locator('summary', { hasText: 'Size Guide' });
      await summary.click();
      const table = chartTable(page, /^Women's Shoes size chart/);
      await expect(table).toBeVisible();
      await expect(table.getByRole('columnheader')).toHaveText(['Size', 'EU', 'Foot length (cm)'], INNER);
      await expect(row(page, 'US 9').getByRole('cell')).toHaveText(['40.5', '26'], INNER);
      await page.getByRole('radio', { name: 'inches' }).check();
      // 26 cm is 10.24 in; EU sizes stay as they are.
      await expect(row(page, 'US 9').getByRole('cell')).toHaveText(['40.5', '10.2'], INNER);
      await expectAccessible(page);
      gate.open();
      await appIsReady(page);
      // Once the app runs, the same place opens the dialog.
      await page.getByRole('button', { name: 'Size Guide' }).click();
      await expect(guideDialog(page)).toBeVisible();
    });
  });
}

test("an edit of a category's chart shows on its product pages at once, kept pages and all", async ({
  page,
  playwright,
  baseURL,
  request,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const id = await productOf(api, 'Kids', 'Full Outfit');
  const url = `/view?pid=${id}`;
  try {
    // Rendered once and kept.
    const before = await (await request.get(url)).text();
    expect(before).toContain('98–110');
    const rows = structuredClone(DEFAULT_SIZE_CHARTS.Kids['full-outfit']);
    rows[0]!.values[1] = { min: 96, max: 108 };
    const saved = await api.put('/api/size-charts/Kids/full-outfit', { data: { rows } });
    expect(saved.status(), await saved.text()).toBe(200);

    const after = await (await request.get(url)).text();
    expect(after).toContain('96–108');
    expect(after).not.toContain('98–110');
    await page.goto(url);
    await page.getByRole('button', { name: 'Size Guide' }).click();
    await expect(row(page, 'S').getByRole('cell').nth(1)).toHaveText('96–108', INNER);
  } finally {
    await api.put('/api/size-charts/Kids/full-outfit', {
      data: { rows: DEFAULT_SIZE_CHARTS.Kids['full-outfit'] },
    });
    await api.dispose();
  }
});
