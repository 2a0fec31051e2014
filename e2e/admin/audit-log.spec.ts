import { readFile } from 'node:fs/promises';
import { expect, expectAccessible, test } from '../fixtures.ts';
import {
  adminApi,
  createProductViaApi,
  navLink,
  searchTable,
  signInAdmin,
  tableRows,
  uniqueTag,
} from './helpers.ts';

/**
 * The Audit log at phone and desktop widths: a product's price changed in the back office is
 * found in it, by the product's id, with its price before and after, and exported as CSV.
 */
for (const width of [390, 1280]) {
  test(`Audit log shows a price change with before and after, and exports it (${width} px)`, async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    const api = await adminApi(playwright, baseURL!);
    const name = `Audit ${uniqueTag()} Shirt Olive`;
    const productId = await createProductViaApi(api, { name, price: '499.00' });
    const product = await (await api.get(`/api/product/${productId}`)).json();
    const edited = await api.patch(`/api/product/edit/${productId}`, {
      data: {
        updatedName: name,
        updatedDescription: product.description,
        updatedPrice: '549.00',
        updatedCategory: product.category,
        updatedSubcategory: product.subCategory,
        updatedSizes: product.size,
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);
    await api.dispose();

    await signInAdmin(page.request, baseURL!);
    await page.goto('/admin');
    await navLink(page, 'Audit log');
    await expect(page).toHaveURL('/admin/audit_log');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByLabel('Record', { exact: true }).selectOption('product');
    await expect(page).toHaveURL(/entity=product/);
    await searchTable(page, 'Search record id...', productId);
    const rows = tableRows(page, 'Audit log');
    // Newest first: the edit, then the creation.
    await expect(rows).toHaveCount(2);
    const edit = rows.first();
    await expect(edit).toContainText('product · edit');
    await edit.getByText('1 field').click();
    const price = edit.getByRole('definition');
    await expect(price).toContainText('Before: 499.00');
    await expect(price).toContainText('After: 549.00');
    await expect(page.getByRole('table', { name: 'Audit log' })).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('habi-audit-log.csv');
    const csv = await readFile((await file.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"When","Admin","Client","Entity","Id","Action","Before","After"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `"product","${productId}","edit","{""price"":""499.00""}","{""price"":""549.00""}"`,
    );
  });
}
