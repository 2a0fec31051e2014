import { placeOrder, pngFile } from '../admin/helpers.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { deliveredTee, stockOf } from '../returns-helpers.ts';

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Returns in My Orders at ${width} width`, () => {
    test.use({ viewport, hasTouch: width === 'phone' });

    test('a shopper asks to exchange a delivered M for an L: the L is held at once, and the request shows on the item', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const { api, product, name } = await deliveredTee(playwright, page.request, baseURL!);
      expect(await stockOf(api, product._id, 'L')).toBe(2);

      await page.goto('/user/delivered_products');
      // The tabs fit the page whole: "Delivered" is not cut.
      const tabs = page.getByRole('navigation', { name: 'Order status' });
      for (const tab of await tabs.getByRole('link').all()) {
        const box = await tab.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      const card = page.getByRole('listitem').filter({ hasText: name });
      await expect(card.getByText(/^Return or exchange by /)).toBeVisible();
      await card.getByRole('button', { name: 'Return or exchange' }).click();
      const dialog = page.getByRole('dialog', { name: 'Return or exchange' });
      await dialog.getByRole('radio', { name: /Exchange/ }).check();
      await dialog.getByRole('button', { name: 'Request exchange' }).click();
      await expect(dialog.getByRole('alert').filter({ hasText: 'Choose a reason' })).toBeVisible();
      await dialog.getByLabel('Reason').selectOption('wrongSize');
      await expect(dialog.getByRole('option', { name: 'M (yours)' })).toBeDisabled();
      await dialog.getByLabel('New size').selectOption('L');
      await dialog.getByLabel('Note (optional)').fill('Too snug at the shoulders');
      await dialog.getByLabel(/^Photos/).setInputFiles(pngFile('red', 'tag.png'));
      await expect(dialog.getByText('1 photo chosen')).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Request exchange' }).click();
      await expect(dialog).toBeHidden();

      const request = card.getByTestId('return-request');
      await expect(request.getByText('Exchange for size L')).toBeVisible();
      await expect(request.getByText('We will look at your request soon and mail you.')).toBeVisible();
      await expect(card.getByRole('button', { name: 'Return or exchange' })).toHaveCount(0);
      expect(await stockOf(api, product._id, 'L')).toBe(1);
      await expectAccessible(page);

      // Withdrawn before the parcel is back: the L goes back on sale, and it may be asked again.
      await request.getByRole('button', { name: 'Cancel request' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel request' }).click();
      await expect(request.getByText('You cancelled this request.')).toBeVisible();
      expect(await stockOf(api, product._id, 'L')).toBe(2);
      await expect(card.getByRole('button', { name: 'Return or exchange' })).toBeVisible();
    });

    test('a shopper cancels an item that has not shipped: its stock comes back', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const { api, product, shopper } = await deliveredTee(playwright, page.request, baseURL!);
      await placeOrder(page.request, baseURL!, shopper.id, [
        { product, variation: 0, size: 'L', quantity: 1, fee: 0 },
      ]);
      expect(await stockOf(api, product._id, 'L')).toBe(1);
      await page.goto('/user/to-pay_products');
      const card = page.getByRole('listitem').filter({ hasText: product.name });
      await card.getByRole('button', { name: 'Cancel item' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel this item?' });
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Cancel item' }).click();
      await expect(page.getByText('Item cancelled')).toBeVisible();
      await expect(card).toHaveCount(0);
      expect(await stockOf(api, product._id, 'L')).toBe(2);
      await page.goto('/user/cancelled_products');
      await expect(page.getByRole('listitem').filter({ hasText: product.name })).toBeVisible();
    });
  });
}
