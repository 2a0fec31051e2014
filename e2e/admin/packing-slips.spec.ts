import { formatPHP, type Order, orderReference, type Product } from '@habi/shared';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signUpViaApi, test } from '../fixtures.ts';
import { adminApi, createProductViaApi, placeOrder, searchTable, signInAdmin, uniqueTag } from './helpers.ts';

/** The sizes of the pages the browser prints, in points rounded to the nearest. */
async function pdfPages(page: Page) {
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  return [...pdf.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((box) => [
    Math.round(Number(box[1])),
    Math.round(Number(box[2])),
  ]);
}

test('packing slips for two orders from the Orders list: their content, and nothing but the slips in print', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  const id = await createProductViaApi(api, {
    name: `Slip ${tag} Polo`,
    price: '333.33',
    variations: [`Slip ${tag} Polo Sage`],
  });
  const product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
  const shopper = await signUpViaApi(page.request, baseURL!, {
    name: `Slip Shopper ${tag}`,
    email: `slip.${tag}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
  });
  // 3 × ₱333.33 with Express delivery: 999.99 + 50 + 10% tax = ₱1,154.99 to collect.
  const first = await placeOrder(page.request, baseURL!, shopper.id, [
    { product, variation: 0, size: 'L', quantity: 3, fee: 50 },
  ]);
  const second = await placeOrder(page.request, baseURL!, shopper.id, [
    { product, variation: 0, size: 'S', quantity: 1, fee: 0 },
  ]);
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin/orders');
  await searchTable(page, 'Search customer...', shopper.name);
  for (const order of [first, second]) {
    await page
      .getByRole('checkbox', { name: `Select order ${orderReference(order._id)} for packing slips` })
      .check();
  }
  await page.getByRole('link', { name: 'Packing slips (2)' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/packing_slips\?oid=/);

  const slipOf = (order: Order) =>
    page.getByRole('article', { name: `Packing slip for order ${orderReference(order._id)}` });
  await expect(slipOf(first)).toBeVisible();
  await expect(slipOf(second)).toBeVisible();
  const slip = slipOf(first);
  await expect(slip.getByText(orderReference(first._id), { exact: true })).toBeVisible();
  await expect(slip.getByText(shopper.name, { exact: true })).toBeVisible();
  await expect(slip.getByText('+639171234567')).toBeVisible();
  await expect(slip.getByText('12 Mabini St, Makati City 1200')).toBeVisible();
  const row = slip.getByRole('row').filter({ hasText: `Slip ${tag} Polo Sage` });
  await expect(row.getByRole('cell')).toHaveText([
    `Slip ${tag} Polo Sage`,
    `Slip ${tag} Polo Sage`,
    'L',
    '3',
  ]);
  expect(first.totalFee).toBe('1154.99');
  await expect(slip.getByText(`Collect ${formatPHP('1154.99')}`)).toBeVisible();
  await expect(slip.getByText('Cash on delivery')).toBeVisible();
  await expect(slipOf(second).getByRole('cell', { name: 'S', exact: true })).toBeVisible();
  await expectAccessible(page);

  // Printed: the slips alone, no buttons or navigation.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Back' })).toBeHidden();
  await expect(page.getByRole('radio', { name: 'A4 sheet' })).toBeHidden();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(slipOf(first)).toBeVisible();
  await expect(slipOf(second)).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // The 4×6 label: the page's own size follows the choice.
  await page.getByText('4 × 6 in label').click();
  await expect(page).toHaveURL(/paper=label/);
  const pageSizes = () =>
    page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule instanceof CSSPageRule)
        .map((rule) => (rule as CSSPageRule).style.getPropertyValue('size')),
    );
  await expect.poll(pageSizes).toEqual(['4in 6in']);
  // Printed to a PDF as the browser prints it: one page per order, each a 4×6 in label (in points).
  expect(await pdfPages(page)).toEqual([
    [288, 432],
    [288, 432],
  ]);
  await page.getByText('A4 sheet').click();
  await expect.poll(pageSizes).toEqual(['a4']);
  expect(await pdfPages(page)).toEqual([
    [595, 842],
    [595, 842],
  ]);

  // One order's slip from its page.
  await page.goto(`/admin/product_management?oid=${second._id}`);
  await page.getByRole('link', { name: 'Packing slip' }).click();
  await expect(slipOf(second)).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await api.dispose();
});
