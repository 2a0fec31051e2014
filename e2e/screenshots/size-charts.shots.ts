import { type Product, SIZE_PRESETS } from '@habi/shared';
import type { APIRequestContext } from '@playwright/test';
import { adminApi, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, routeGate, test } from '../fixtures.ts';
import { SCREENS_DIR, shoot } from './shoot.ts';

// The Size Guide (a dialog, a sheet on a phone, and the page before the app runs) and the back
// office's chart editor, for visual review. The behaviour is tested in ../storefront/size-guide
// and ../admin/size-charts.

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC';

async function productOf(api: APIRequestContext, category: string, subCategory: string, sneakers = false) {
  const response = await api.post('/api/product/add', {
    multipart: {
      imageUrl: { name: 'main.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') },
      name: `Shots ${uniqueTag()} ${subCategory} Sand`,
      description: 'A product for the size guide pictures.',
      price: '1499.00',
      size: JSON.stringify(
        sneakers
          ? { label: 'Sneakers', value: SIZE_PRESETS.Sneakers }
          : { label: 'Clothes', value: SIZE_PRESETS.Clothes },
      ),
      category: JSON.stringify({ label: category, value: category }),
      subCategory: JSON.stringify({ label: subCategory, value: subCategory }),
      variationsName: '[]',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { product: Product }).product._id;
}

test('size guide', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const dress = await productOf(api, 'Women', 'Full Outfit');
  const sneaker = await productOf(api, 'Men', 'Shoes', true);
  await api.dispose();

  await page.goto(`/view?pid=${dress}`);
  await page.getByRole('radio', { name: 'M', exact: true }).check();
  await page.getByRole('button', { name: 'Size Guide' }).click();
  await expect(page.getByRole('dialog', { name: 'Size Guide' })).toBeVisible();
  await shoot(page, testInfo, 'size-guide');

  await page.goto(`/view?pid=${sneaker}`);
  await page.getByRole('radio', { name: 'US 9.5', exact: true }).check();
  await page.getByRole('button', { name: 'Size Guide' }).click();
  await page.getByRole('radio', { name: 'inches' }).check();
  await shoot(page, testInfo, 'size-guide-shoes-inches');
});

test('size guide before the app runs', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const kids = await productOf(api, 'Kids', 'Tops');
  await api.dispose();
  const gate = routeGate();
  await page.route('**/assets/*.js', async (route) => {
    await gate.opened;
    await route.continue();
  });
  await page.goto(`/view?pid=${kids}`, { waitUntil: 'commit' });
  await page.locator('summary', { hasText: 'Size Guide' }).click();
  await expect(page.getByRole('table', { name: /^Kids' Tops size chart/ })).toBeVisible();
  // Taken as it stands: the held scripts keep the network busy, which `shoot` waits out.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({
    path: `${SCREENS_DIR}size-guide-no-js-${testInfo.project.name}.png`,
    fullPage: true,
  });
  gate.open();
});

test('size charts editor', async ({ page, baseURL }, testInfo) => {
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin/size_charts?category=Women&kind=full-outfit');
  await expect(page.getByRole('textbox', { name: 'S, Bust (cm)', exact: true })).toHaveValue('78-82');
  await shoot(page, testInfo, 'admin-size-charts');
  await page.getByRole('textbox', { name: 'M, Waist (cm)', exact: true }).fill('300');
  await page.getByRole('textbox', { name: 'L, Hip (cm)', exact: true }).fill('96 to 100');
  await page.getByRole('button', { name: 'Save chart' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await shoot(page, testInfo, 'admin-size-charts-errors');
});

test("a product's own size chart", async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const id = await productOf(api, 'Women', 'Tops');
  await api.dispose();
  await signInAdmin(page.request, baseURL!);
  await page.goto(`/admin/product_edit/?pid=${id}`);
  await page.getByRole('radio', { name: /Use its own chart/ }).check();
  await expect(page.getByRole('textbox', { name: 'S, Bust (cm)', exact: true })).toBeVisible();
  await shoot(page, testInfo, 'admin-product-own-size-chart');
});
