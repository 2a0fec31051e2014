import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { orderReference, type Product } from '@habi/shared';
import { adminApi, createProductViaApi, placeOrder, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, signUpViaApi, test } from '../fixtures.ts';
import { SCREENS_DIR, shoot } from './shoot.ts';

// Ship by CSV and packing slips for visual review: the CSV's dry run with a refused row, and the
// slips as printed on A4 and on a 4×6 in label (print media, the paper's size at 96 dpi). The
// behaviour is tested in ../admin/shipments-csv.spec.ts and ../admin/packing-slips.spec.ts.

test('ship by CSV and packing slips: the dry run, and slips printed on A4 and on a label', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  const id = await createProductViaApi(api, {
    name: `Shots ${tag} Linen Shirt`,
    price: '1299.00',
    variations: [`Shots ${tag} Linen Shirt Sage`],
  });
  const product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
  const shopper = await signUpViaApi(page.request, baseURL!, {
    name: `Shots Slip ${tag}`,
    email: `shots.slip.${tag}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
  });
  const line = { product, variation: 0, size: 'M', quantity: 2, fee: 50 } as const;
  const orders = [
    await placeOrder(page.request, baseURL!, shopper.id, [line]),
    await placeOrder(page.request, baseURL!, shopper.id, [line, { ...line, size: 'L', quantity: 1 }]),
  ];
  await signInAdmin(page.request, baseURL!);

  await page.goto('/admin/orders/ship_by_csv');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'habi-shots-')), 'export.csv');
  writeFileSync(
    file,
    `Order No.,Courier,Waybill No.\n${orderReference(orders[0]!._id)},J&T Express,760012345678\n${orderReference(orders[1]!._id)},J&T Express,12345\n`,
  );
  await page.getByLabel('CSV file').setInputFiles(file);
  await expect(page.getByText(/1 row ready to ship, 1 row refused/)).toBeVisible();
  await shoot(page, testInfo, 'ship-by-csv');

  // The slips once, on the desktop project: print media at the papers' sizes.
  if (testInfo.project.name !== 'desktop') return;
  const slips = `/admin/orders/packing_slips?${orders.map((o) => `oid=${o._id}`).join('&')}`;
  for (const [paper, size] of [
    ['a4', { width: 794, height: 1123 }],
    ['label', { width: 384, height: 576 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`${slips}&paper=${paper}`);
    await expect(page.getByRole('article')).toHaveCount(2);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: `${SCREENS_DIR}packing-slips-${paper}-print.png`, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
  }
  await api.dispose();
});
