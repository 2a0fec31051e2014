import type { Product } from '@habi/shared';
import { adminApi, createProductViaApi, placeOrder, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, signUpViaApi, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';

// Shipments for visual review: the order page with its Shipments section and dialog, the orders
// list with its filters, and a shipped item in My Orders. The behaviour is tested in
// ../admin/shipments.spec.ts.

test('shipments: the order page, its dialog, the orders list and My Orders', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const api = await adminApi(playwright, baseURL!);
  const tag = uniqueTag();
  const make = async (name: string) =>
    (await (
      await api.get(
        `/api/product/${await createProductViaApi(api, { name, price: '650.00', variations: [name] })}`,
      )
    ).json()) as Product;
  const [shirt, shorts] = [await make(`Shots ${tag} Shirt Sage`), await make(`Shots ${tag} Shorts Sand`)];
  const shopper = await signUpViaApi(page.request, baseURL!, {
    name: `Shots Shopper ${tag}`,
    email: `shots.ship.${tag}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
  });
  const order = await placeOrder(page.request, baseURL!, shopper.id, [
    { product: shirt, variation: 0, size: 'M', quantity: 1, fee: 50 },
    { product: shorts, variation: 0, size: 'L', quantity: 2, fee: 0 },
  ]);
  const shipped = await api.post('/api/shipments', {
    data: {
      orderId: order._id,
      lines: [order.products[0]!._id],
      courier: 'jnt',
      trackingNumber: '760012345678',
      shippedOn: '2026-11-27',
    },
  });
  expect(shipped.status(), await shipped.text()).toBe(201);
  await api.dispose();
  await signInAdmin(page.request, baseURL!);

  await page.goto(`/admin/product_management?oid=${order._id}`);
  const shipments = page.getByRole('region', { name: 'Shipments' });
  await expect(shipments.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await shoot(page, testInfo, 'admin-order-shipments');
  await shipments.getByRole('button', { name: 'Create shipment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create shipment' });
  await dialog.getByLabel('Tracking number').fill('1234');
  await dialog.getByRole('button', { name: 'Create shipment' }).click();
  await expect(dialog.getByText(/tracking number is 12 digits/)).toBeVisible();
  await shoot(page, testInfo, 'admin-shipment-dialog');
  await page.keyboard.press('Escape');

  await page.goto('/admin/orders?status=pending&payment=unpaid');
  await expect(page.getByText(/^Showing 1–\d+ of \d+$/)).toBeVisible();
  await shoot(page, testInfo, 'admin-orders-filtered');

  await page.goto('/user/to-receive_products');
  await expect(page.getByTestId('shipment-tracking')).toBeVisible();
  await shoot(page, testInfo, 'account-shipment-tracking');
});
