import type { Page } from '@playwright/test';
import { expect, routeGate, test } from '../fixtures.ts';
import { adminApi, createDiscountViaApi, navLink, signInAdmin, uniqueTag } from './helpers.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
});

/** Whether a code is stored, as the back office's list finds it. */
async function stored(page: Page, code: string) {
  const response = await page.request.get(`/api/admin/discounts?q=${code}`);
  return (await response.text()).includes(code);
}

test.describe('Discount form', () => {
  test('Add Discount warns before what was typed is left, and a creation goes unasked', async ({ page }) => {
    const code = `LEAVE${uniqueTag().toUpperCase()}`;
    await page.goto('/admin/discounts');
    await page.getByRole('link', { name: 'Add Discount' }).click();
    await expect(page).toHaveURL('/admin/add_discount');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Percent off').fill('15');

    const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await navLink(page, 'Orders');
    await expect(warning).toContainText(
      "The new discount code's details are not saved. If you leave this page now, they are lost.",
    );
    await expect(warning.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL('/admin/add_discount');
    await expect(page.getByLabel('Code')).toHaveValue(code);
    await expect(page.getByLabel('Percent off')).toHaveValue('15');

    await navLink(page, 'Orders');
    await warning.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL('/admin/orders');
    expect(await stored(page, code)).toBe(false);

    // Created: back on the list with no warning on the way.
    await page.goto('/admin/add_discount');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Percent off').fill('15');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL('/admin/discounts');
    await expect(page.getByRole('alert').filter({ hasText: 'Discount code created' })).toBeVisible();
    await expect(warning).toBeHidden();
    expect(await stored(page, code)).toBe(true);
  });

  test('Edit Discount warns before unsaved changes are left, and Update goes unasked', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const code = `EDIT${uniqueTag().toUpperCase()}`;
    const api = await adminApi(playwright, baseURL!);
    const id = await createDiscountViaApi(api, { code, kind: 'percent', value: '10' });
    await api.dispose();

    await page.goto(`/admin/discount_edit?did=${id}`);
    await expect(page.getByLabel('Percent off')).toHaveValue('10');
    // Nothing changed: leaving asks nothing.
    await navLink(page, 'Users');
    await expect(page).toHaveURL('/admin/users');
    await page.goBack();
    await page.getByLabel('Percent off').fill('25');

    const warning = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await navLink(page, 'Orders');
    await expect(warning).toContainText('Your changes to this discount code are not saved.');
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByLabel('Percent off')).toHaveValue('25');

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/admin/discounts');
    await expect(page.getByRole('alert').filter({ hasText: 'Discount code updated' })).toBeVisible();
    await expect(warning).toBeHidden();
  });

  test('Back, pressed while the next page is still loading, shows the code again, and stays', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const code = `BACK${uniqueTag().toUpperCase()}`;
    const api = await adminApi(playwright, baseURL!);
    const id = await createDiscountViaApi(api, { code, kind: 'percent', value: '12' });
    await api.dispose();

    // The Users page's code is held on its way, as on a slow connection.
    const usersCode = routeGate();
    const usersChunk = '**/assets/users-page-*.js';
    await page.route(usersChunk, async (route) => {
      await usersCode.opened;
      await route.continue();
    });
    await page.goto(`/admin/discount_edit?did=${id}`);
    await expect(page.getByLabel('Percent off')).toHaveValue('12');
    await navLink(page, 'Users');
    await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Percent off')).toHaveValue('12');

    // The held code arrives after the page was left: the page shown stays whole.
    const arrived = page.waitForResponse((response) => /\/assets\/users-page-/.test(response.url()));
    usersCode.open();
    const chunk = (await arrived).url();
    await page.evaluate(async (url) => {
      await import(url);
      await new Promise(requestAnimationFrame);
    }, chunk);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Discount' })).toBeVisible();
    await expect(page.getByLabel('Percent off')).toHaveValue('12');

    await navLink(page, 'Users');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });
});
