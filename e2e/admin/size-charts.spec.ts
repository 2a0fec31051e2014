import { DEFAULT_SIZE_CHARTS, type Product, SIZE_PRESETS } from '@habi/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { adminApi, navLink, signInAdmin, uniqueTag } from './helpers.ts';

// Size charts in the back office: the charts' page (a table of inputs, worked with the keyboard,
// checked before it is sent) and a product's own chart on Edit Product. Each test edits a chart
// no other test reads, and gives it back its defaults.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

async function productOf(api: APIRequestContext, category: string, subCategory: string) {
  const name = `Chart ${uniqueTag()} ${subCategory} Moss`;
  const response = await api.post('/api/product/add', {
    multipart: {
      imageUrl: { name: 'main.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') },
      name,
      description: 'A product made by the size charts test.',
      price: '999.00',
      size: JSON.stringify({ label: 'Clothes', value: SIZE_PRESETS.Clothes }),
      category: JSON.stringify({ label: category, value: category }),
      subCategory: JSON.stringify({ label: subCategory, value: subCategory }),
      variationsName: '[]',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { product: Product }).product._id;
}

const cell = (page: Page, size: string, measure: string) =>
  page.getByRole('textbox', { name: `${size}, ${measure} (cm)`, exact: true });
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first();

for (const [width, height, where] of [
  [1280, 800, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test(`the Size charts page, on a ${where}: found in the menu, and accessible`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height });
    await signInAdmin(page.request, baseURL!);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Products List' })).toBeVisible();
    await navLink(page, 'Size charts');
    await expect(page.getByRole('heading', { level: 1, name: 'Size charts' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: "Men's Tops" })).toBeVisible();
    await expect(page.getByRole('table', { name: "Men's Tops size chart, body measurements" })).toBeVisible();
    await page.getByRole('link', { name: 'Kids' }).click();
    await page.getByRole('link', { name: 'Bottoms' }).click();
    await expect(page).toHaveURL(/category=Kids&kind=bottoms/);
    await expect(page.getByRole('columnheader')).toHaveText([
      'Size',
      'Age (years)1 to 16',
      'Height (cm)60 to 200',
      'Waist (cm)40 to 150',
      'Hip (cm)45 to 170',
    ]);
    await expectAccessible(page);
  });
}

test('a chart is edited with the keyboard, refused cells are named, and a saved chart shows on the store at once', async ({
  page,
  playwright,
  baseURL,
  request,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const id = await productOf(api, 'Women', 'Bottoms');
  try {
    await signInAdmin(page.request, baseURL!);
    await page.goto('/admin/size_charts?category=Women&kind=bottoms');
    const first = cell(page, 'S', 'Waist');
    await expect(first).toHaveValue('62-66');
    // Arrows move between the cells; a cell entered is selected whole, so typing replaces it.
    await first.focus();
    await page.keyboard.press('ArrowDown');
    await expect(cell(page, 'M', 'Waist')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(cell(page, 'M', 'Hip')).toBeFocused();
    await page.keyboard.type('300');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(cell(page, 'M', 'Waist')).toBeFocused();
    await page.keyboard.type('67 - 72');
    await page.keyboard.press('Enter');

    await expect(
      page.getByRole('alert').filter({ hasText: 'M, Hip (cm): Hip must be between 45 and 170' }),
    ).toBeVisible();
    await expect(cell(page, 'M', 'Hip')).toHaveAttribute('aria-invalid', 'true');
    await expect(cell(page, 'M', 'Hip')).toHaveAccessibleDescription(
      'M, Hip (cm): Hip must be between 45 and 170',
    );
    const stored = await (await api.get('/api/size-charts')).json();
    expect(
      stored.find((c: { category: string; kind: string }) => c.category === 'Women' && c.kind === 'bottoms')
        .isDefault,
    ).toBe(true);

    await cell(page, 'M', 'Hip').fill('92-96');
    await page.getByRole('button', { name: 'Save chart' }).click();
    await expect(toast(page, "Women's Bottoms size chart saved")).toBeVisible();
    await expect(page.getByRole('link', { name: /Bottoms \(edited\)/ })).toBeVisible();

    // The product page, kept from before, is drawn again with the new numbers.
    const html = await (await request.get(`/view?pid=${id}`)).text();
    expect(html).toContain('67–72');
    expect(html).toContain('92–96');

    await page.getByRole('button', { name: 'Restore defaults' }).click();
    await expect(cell(page, 'M', 'Hip')).toHaveValue('91-95');
    await expect(page.getByRole('button', { name: 'Restore defaults' })).toBeDisabled();
    await page.getByRole('button', { name: 'Save chart' }).click();
    await expect
      .poll(async () => {
        const charts = (await (await api.get('/api/size-charts')).json()) as {
          kind: string;
          category: string;
          rows: unknown;
        }[];
        return charts.find((c) => c.category === 'Women' && c.kind === 'bottoms')?.rows;
      })
      .toEqual(DEFAULT_SIZE_CHARTS.Women.bottoms);
  } finally {
    await api.put('/api/size-charts/Women/bottoms', { data: { rows: DEFAULT_SIZE_CHARTS.Women.bottoms } });
    await api.dispose();
  }
});

test("Edit Product gives a product its own chart, and its category's back", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const id = await productOf(api, 'Men', 'Full Outfit');
  await api.dispose();
  await signInAdmin(page.request, baseURL!);
  await page.goto(`/admin/product_edit/?pid=${id}`);
  await expect(page.getByRole('radio', { name: /Use the category's chart/ })).toBeChecked();
  await page.getByRole('radio', { name: /Use its own chart/ }).check();
  await expect(cell(page, 'L', 'Chest')).toHaveValue('94-99');
  await cell(page, 'L', 'Chest').fill('95-101');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  const own = await (await page.request.get(`/api/size-charts/product/${id}`)).json();
  expect(own.source).toBe('product');
  expect(own.chart.rows[2].values[0]).toEqual({ min: 95, max: 101 });
  await page.goto(`/view?pid=${id}`);
  await page.getByRole('button', { name: 'Size Guide' }).click();
  const rowL = page
    .getByRole('dialog', { name: 'Size Guide' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'L', exact: true }) });
  await expect(rowL.getByRole('cell').first()).toHaveText('95–101', { useInnerText: true });

  await page.goto(`/admin/product_edit/?pid=${id}`);
  await expect(page.getByRole('radio', { name: /Use its own chart/ })).toBeChecked();
  await page.getByRole('radio', { name: /Use the category's chart/ }).check();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect((await (await page.request.get(`/api/size-charts/product/${id}`)).json()).source).toBe('category');
});
