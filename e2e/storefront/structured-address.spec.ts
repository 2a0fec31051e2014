import { orderReference } from '@habi/shared';
import type { Page } from '@playwright/test';
import { signInAdmin } from '../admin/helpers.ts';
import { expect, expectAccessible, newShopper, signUpViaApi, test } from '../fixtures.ts';
import { saveCart, teeLine } from './cart-helpers.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Types into a place's combobox and picks the option with the keyboard. */
async function choose(page: Page, label: string, typed: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await expect(box).toBeEnabled();
  await box.fill(typed);
  await expect(page.getByRole('option', { name: option, exact: true })).toBeVisible();
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('Enter');
  await expect(box).toHaveValue(option);
}

test('a shopper orders to an address picked from the PSGC list; the order page and packing slip show its parts', async ({
  page,
  baseURL,
}) => {
  // Two widths of the cart and of the back office's pages, each checked with axe.
  test.slow();
  await signUpViaApi(page.request, baseURL!, newShopper());
  await saveCart(page, [await teeLine(page.request)]);

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/cart');
    const box = page.getByRole('region', { name: 'Shipping address' });
    await box.getByRole('button', { name: 'Change shipping address' }).click();
    await box.getByRole('button', { name: 'Add New Address' }).click();
    await box.getByRole('button', { name: 'Pick from the list' }).click();
    await expect(box.getByRole('combobox', { name: 'Region' })).toBeVisible();
    // Nothing below the region opens before it is chosen.
    await expect(box.getByRole('combobox', { name: 'City or municipality' })).toBeDisabled();
    await expectAccessible(page);

    // A mistake is said under its field, with the focus on the first one.
    await box.getByRole('button', { name: 'Save' }).click();
    await expect(box.getByRole('combobox', { name: 'Region' })).toBeFocused();
    await expect(box.getByText('Choose a region')).toBeVisible();
    await expectAccessible(page);
    await box.getByRole('button', { name: 'Cancel' }).click();
  }

  // At desktop width: a Metro Manila address, which has no province.
  const box = page.getByRole('region', { name: 'Shipping address' });
  await box.getByRole('button', { name: 'Add New Address' }).click();
  await box.getByRole('button', { name: 'Pick from the list' }).click();
  await box.getByLabel("Recipient's name").fill('Liza Reyes');
  await box.getByLabel('Mobile number').fill('+63 917 555 0101');
  await choose(page, 'Region', 'capital', 'National Capital Region (NCR)');
  await expect(box.getByText('Metro Manila has no provinces: choose the city.')).toBeVisible();
  await choose(page, 'City or municipality', 'makati', 'City of Makati');
  await choose(page, 'Barangay', 'bel', 'Bel-Air');
  await box.getByLabel('House no., street and building').fill('Unit 5B, 12 Jupiter St.');
  await box.getByLabel('Postal code').fill('1209');
  await expectAccessible(page);
  await box.getByRole('button', { name: 'Save' }).click();
  const line =
    'Liza Reyes (09175550101), Unit 5B, 12 Jupiter St., Bel-Air, City of Makati, National Capital Region (NCR), 1209';
  await expect(box.getByRole('radio', { name: line })).toBeChecked();
  await box.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(box.getByTestId('selected-address')).toContainText(line);

  const placed = page.waitForResponse((r) => r.url().endsWith('/api/orders/placed-order'));
  await page.getByRole('button', { name: 'Place your order' }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const order = (await response.json()).order as { _id: string; shippingAddress: string };
  expect(order.shippingAddress).toBe(line);
  await expect(page).toHaveURL(/\/confirmation/);

  await signInAdmin(page.request, baseURL!);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`/admin/product_management?oid=${order._id}`);
    const facts = page.getByRole('definition').filter({ hasText: line });
    await expect(facts).toBeVisible();
    for (const [term, value] of [
      ['Recipient', 'Liza Reyes'],
      ['Mobile', '09175550101'],
      ['Barangay', 'Bel-Air'],
      ['City/Municipality', 'City of Makati'],
      ['Region', 'National Capital Region (NCR)'],
      ['Postal code', '1209'],
    ] as const) {
      await expect(facts.getByText(term, { exact: true })).toBeVisible();
      await expect(facts.getByText(value, { exact: true })).toBeVisible();
    }
    await expect(facts.getByText('Province', { exact: true })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`/admin/orders/packing_slips?oid=${order._id}`);
    const slip = page.getByRole('article', { name: `Packing slip for order ${orderReference(order._id)}` });
    await expect(slip.getByText('Unit 5B, 12 Jupiter St.', { exact: true })).toBeVisible();
    await expect(slip.getByText('Bel-Air', { exact: true })).toBeVisible();
    await expect(slip.getByText('09175550101', { exact: true })).toBeVisible();
    await expectAccessible(page);
  }
});
