import { orderReference, type Product, trackingLink } from '@habi/shared';
import { expect, expectAccessible, signUpViaApi, test } from '../fixtures.ts';
import { adminApi, createProductViaApi, mailText, placeOrder, signInAdmin, uniqueTag } from './helpers.ts';

/** A J&T Express waybill number of this run: 12 digits. */
const jntNumber = () => `76${Date.now().toString().slice(-10)}`;

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Shipments at ${width} width`, () => {
    test.use({ viewport, hasTouch: width === 'phone' });

    test('an admin ships an order with J&T; the shopper sees the courier and tracking link in My Orders and is mailed it', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const api = await adminApi(playwright, baseURL!);
      const id = await createProductViaApi(api, { name: `Shipments ${uniqueTag()} Tee`, price: '450.00' });
      const product = (await (await api.get(`/api/product/${id}`)).json()) as Product;
      // The page holds both sessions: the shopper's and the admin's are separate cookies.
      const shopper = await signUpViaApi(page.request, baseURL!);
      const order = await placeOrder(page.request, baseURL!, shopper.id, [
        { product, variation: 0, size: 'M', quantity: 1, fee: 50 },
      ]);
      await signInAdmin(page.request, baseURL!);

      // The Orders list opens the order from its number.
      await page.goto('/admin/orders?status=pending');
      await expect(page.getByLabel('Status')).toHaveValue('pending');
      const open = page.getByRole('link', { name: `Order ${orderReference(order._id)} of ${shopper.name}` });
      await open.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`/admin/product_management?oid=${order._id}`);

      // What a packer needs: how to reach the customer, when it was ordered, each line's delivery.
      await expect(page.getByRole('link', { name: shopper.email })).toHaveAttribute(
        'href',
        `mailto:${shopper.email}`,
      );
      await expect(page.getByRole('link', { name: shopper.contactNumber })).toBeVisible();
      await expect(page.getByText(/^Express \(₱50\.00\), by /)).toBeVisible();

      const shipments = page.getByRole('region', { name: 'Shipments' });
      await expect(shipments.getByText('Nothing has shipped yet.')).toBeVisible();
      await shipments.getByRole('button', { name: 'Create shipment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create shipment' });
      await expect(dialog.getByRole('checkbox')).toBeChecked();
      await expect(dialog.getByLabel('Courier')).toHaveValue('jnt');
      await dialog.getByLabel('Tracking number').fill('1234');
      await dialog.getByRole('button', { name: 'Create shipment' }).click();
      await expect(
        dialog.getByText('A J&T Express tracking number is 12 digits, or JT and 13 digits'),
      ).toBeVisible();
      await expectAccessible(page);
      const number = jntNumber();
      await dialog.getByLabel('Tracking number').fill(` ${number} `);
      await dialog.getByRole('button', { name: 'Create shipment' }).click();
      await expect(dialog).toBeHidden();
      const tracking = trackingLink('jnt', number)!;
      await expect(shipments.getByRole('link', { name: new RegExp(number) })).toHaveAttribute(
        'href',
        tracking,
      );
      // The shipped line is To Receive, in the statuses' form too.
      await expect(page.getByRole('combobox', { name: /^Status of / })).toHaveValue('toReceive');
      await expect(shipments.getByRole('button', { name: 'Create shipment' })).toBeDisabled();
      await expectAccessible(page);

      // The shopper's To Receive tab: the courier, the number to copy and the courier's page.
      await page.goto('/user/to-receive_products');
      const card = page.getByTestId('shipment-tracking');
      await expect(card.getByText('Shipped with J&T Express')).toBeVisible();
      await expect(card.getByText(number, { exact: true })).toBeVisible();
      const track = card.getByRole('link', { name: /Track your parcel on J&T Express/ });
      await expect(track).toHaveAttribute('href', tracking);
      await expect(track).toHaveAttribute('target', '_blank');
      await expect(card.getByRole('button', { name: 'Copy tracking number' })).toBeVisible();
      await expectAccessible(page);

      // "Your order is on its way", with the tracking link.
      const mail = await mailText(api, shopper.email, 'shipment-shipped');
      expect(mail).toContain(
        `your order ${orderReference(order._id)} left with J&T Express, tracking number ${number}.`,
      );
      expect(mail).toContain(`Track your parcel: ${tracking}`);
      await api.dispose();
    });
  });
}
