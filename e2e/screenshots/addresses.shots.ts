import { expect, newShopper, signUpViaApi, test } from '../fixtures.ts';
import { saveCart, teeLine } from '../storefront/cart-helpers.ts';
import { shoot } from './shoot.ts';

test('cart structured address', async ({ page, baseURL }, testInfo) => {
  await signUpViaApi(page.request, baseURL!, newShopper());
  await saveCart(page, [await teeLine(page.request)]);
  await page.goto('/cart');
  const box = page.getByRole('region', { name: 'Shipping address' });
  await box.getByRole('button', { name: 'Change shipping address' }).click();
  await box.getByRole('button', { name: 'Add New Address' }).click();
  await box.getByRole('button', { name: 'Pick from the list' }).click();
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByText('Choose a region')).toBeVisible();
  await shoot(page, testInfo, 'cart-address-structured-errors');

  const choose = async (label: string, typed: string, option: string) => {
    const field = box.getByRole('combobox', { name: label });
    await field.fill(typed);
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  await choose('Region', 'visayas', 'Region VII (Central Visayas)');
  await choose('Province', 'cebu', 'Cebu');
  await choose('City or municipality', 'cebu', 'City of Cebu');
  await box.getByRole('combobox', { name: 'Barangay' }).fill('la');
  await expect(page.getByRole('option', { name: 'Lahug', exact: true })).toBeVisible();
  await shoot(page, testInfo, 'cart-address-structured-barangays');
  await page.getByRole('option', { name: 'Lahug', exact: true }).click();
  await box.getByLabel('House no., street and building').fill('Unit 5B, 12 Jupiter St.');
  await box.getByLabel('Postal code').fill('6000');
  await box.getByRole('button', { name: 'Save' }).click();
  await expect(box.getByRole('radio')).toHaveCount(1);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await shoot(page, testInfo, 'cart-address-structured-list');
});
