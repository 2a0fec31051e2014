import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Order, orderReference, type Product } from '@habi/shared';
import { expect, expectAccessible, signUpViaApi, test } from '../fixtures.ts';
import { adminApi, createProductViaApi, placeOrder, signInAdmin, uniqueTag } from './helpers.ts';

/** A J&T Express waybill number of this run: 12 digits. */
const jntNumber = (n: number) => `76${Date.now().toString().slice(-9)}${n}`;

/** Writes a CSV the way a courier portal exports it: a BOM, CRLF line ends, quoted cells. */
function csvFile(rows: string[][]) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'habi-csv-')), 'jnt-export.csv');
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  writeFileSync(file, `\uFEFF${rows.map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`);
  return file;
}

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Ship by CSV at ${width} width`, () => {
    test.use({ viewport, hasTouch: width === 'phone' });

    test('a 3-row CSV with one bad row: the dry run names it, then the two good rows ship', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const api = await adminApi(playwright, baseURL!);
      const id = await createProductViaApi(api, { name: `CSV ${uniqueTag()} Tee`, price: '350.00' });
      const product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
      const shopper = await signUpViaApi(page.request, baseURL!);
      const orders: Order[] = [];
      for (let i = 0; i < 3; i += 1) {
        orders.push(
          await placeOrder(page.request, baseURL!, shopper.id, [
            { product, variation: 0, size: 'M', quantity: 1, fee: 0 },
          ]),
        );
      }
      const [first, second, third] = orders as [Order, Order, Order];
      await signInAdmin(page.request, baseURL!);

      await page.goto('/admin/orders');
      await page.getByRole('link', { name: 'Ship by CSV' }).click();
      await expect(page).toHaveURL('/admin/orders/ship_by_csv');
      await expect(page.getByRole('heading', { level: 1, name: 'Ship by CSV' })).toBeVisible();
      await expectAccessible(page);

      const good = [jntNumber(1), jntNumber(3)];
      const file = csvFile([
        ['Waybill No.', 'Order No.', 'Courier', 'Remarks'],
        [good[0]!, orderReference(first._id), 'J&T Express', 'fragile, "handle" with care'],
        ['12345', orderReference(second._id), 'J&T Express', ''],
        [good[1]!, orderReference(third._id), 'J&T', ''],
      ]);
      await page.getByLabel('CSV file').setInputFiles(file);
      await expect(page.getByText('jnt-export.csv: 2 rows ready to ship, 1 row refused.')).toBeVisible();
      await expect(
        page.getByRole('listitem').filter({
          hasText:
            'row 3: tracking number “12345” does not look like a J&T Express number (12 digits, or JT and 13 digits)',
        }),
      ).toBeVisible();
      // The dry run changed nothing.
      const unshipped = (await (await api.get(`/api/orders/${first._id}`)).json()) as Order;
      expect(unshipped.shipments).toBeUndefined();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Ship 2 orders' }).click();
      await expect(
        page.getByText(`Shipped 2 orders: ${orderReference(first._id)}, ${orderReference(third._id)}.`),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: orderReference(first._id) })).toBeVisible();
      await expectAccessible(page);

      const read = async (order: Order) =>
        (await (await api.get(`/api/orders/${order._id}`)).json()) as Order;
      expect((await read(first)).shipments?.[0]).toMatchObject({ courier: 'jnt', trackingNumber: good[0] });
      expect((await read(third)).shipments?.[0]).toMatchObject({ courier: 'jnt', trackingNumber: good[1] });
      expect((await read(second)).shipments).toBeUndefined();
      await api.dispose();
    });
  });
}
