import { adminApi, createProductViaApi, signInAdmin, tableRows, uniqueTag } from '../admin/helpers.ts';
import { expect, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';

// The back office's Audit log with a row opened, for visual review; the behaviour is tested in
// ../admin/audit-log.spec.ts.

test('audit log', async ({ page, playwright, baseURL }, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const name = `Shots ${uniqueTag()} Polo Sand`;
  const id = await createProductViaApi(api, { name, price: '899.00' });
  const product = await (await api.get(`/api/product/${id}`)).json();
  await api.patch(`/api/product/edit/${id}`, {
    data: {
      updatedName: `${name} Linen`,
      updatedDescription: product.description,
      updatedPrice: '949.00',
      updatedCategory: product.category,
      updatedSubcategory: product.subCategory,
      updatedSizes: product.size,
    },
  });
  await api.dispose();
  await signInAdmin(page.request, baseURL!);

  await page.goto(`/admin/audit_log?entity=product&q=${id}`);
  const rows = tableRows(page, 'Audit log');
  await expect(rows.first()).toContainText('product · edit');
  await rows.first().getByText('2 fields').click();
  await shoot(page, testInfo, 'admin-audit-log');
});
