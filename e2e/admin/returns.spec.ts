import { expect, expectAccessible, test } from '../fixtures.ts';
import { deliveredTee, jntNumber, stockOf } from '../returns-helpers.ts';
import { mailText, navLink, searchTable, signInAdmin, tableRows } from './helpers.ts';

for (const [width, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`Returns at ${width} width`, () => {
    test.use({ viewport, hasTouch: width === 'phone' });

    test('an exchange of a delivered M for an L: held at the request, M back on sale when received, the replacement ships with its own tracking', async ({
      page,
      playwright,
      baseURL,
    }) => {
      // A whole return, from an order delivered to the replacement shipped, with axe at three steps.
      test.slow();
      const { api, product, shopper } = await deliveredTee(playwright, page.request, baseURL!);
      const asked = await page.request.post('/api/returns', {
        data: {
          itemId: (await firstLine(page.request, shopper.id)).id,
          kind: 'exchange',
          reason: 'wrongSize',
          size: 'L',
        },
        headers: { origin: baseURL! },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      expect(await stockOf(api, product._id, 'L')).toBe(1);
      expect(await stockOf(api, product._id, 'M')).toBe(2);

      await signInAdmin(page.request, baseURL!);
      await page.goto('/admin');
      await navLink(page, 'Returns');
      await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
      // Filters live in the URL.
      await page.getByLabel('Status', { exact: true }).selectOption('requested');
      await page.getByLabel('Reason', { exact: true }).selectOption('wrongSize');
      await expect.poll(() => new URL(page.url()).search).toContain('status=requested');
      expect(new URL(page.url()).searchParams.get('reason')).toBe('wrongSize');
      await searchTable(page, 'Search customer...', shopper.name);
      const row = tableRows(page, 'Returns').filter({ hasText: product.name });
      await expect(row).toHaveCount(1);
      await expect(row.getByText('Exchange for size L')).toBeVisible();
      // Read once the list has its answer: rows being fetched again are drawn faded.
      await expect(page.locator('table[aria-label="Returns"]')).not.toHaveAttribute('aria-busy', 'true');
      await expectAccessible(page);

      await row.getByRole('button', { name: /^Approve/ }).click();
      const approve = page.getByRole('dialog', { name: 'Approve the request' });
      await approve.getByRole('button', { name: 'Approve' }).click();
      await expect(approve).toBeHidden();

      await page.getByLabel('Status', { exact: true }).selectOption('approved');
      await row.getByRole('button', { name: /^Mark received/ }).click();
      const received = page.getByRole('dialog', { name: 'Mark the parcel received' });
      await expect(received.getByRole('checkbox', { name: /Damaged or defective/ })).not.toBeChecked();
      // Read once the list has its answer: rows being fetched again are drawn faded.
      await expect(page.locator('table[aria-label="Returns"]')).not.toHaveAttribute('aria-busy', 'true');
      await expectAccessible(page);
      await received.getByRole('button', { name: 'Mark' }).click();
      await expect(received).toBeHidden();
      expect(await stockOf(api, product._id, 'M')).toBe(3);

      await page.getByLabel('Status', { exact: true }).selectOption('received');
      await row.getByRole('button', { name: /^Ship replacement/ }).click();
      const ship = page.getByRole('dialog', { name: 'Ship the replacement' });
      const number = jntNumber();
      await ship.getByLabel('Tracking number').fill(number);
      await ship.getByRole('button', { name: 'Ship' }).click();
      await expect(ship).toBeHidden();
      await page.getByLabel('Status', { exact: true }).selectOption('exchanged');
      await expect(row.getByText(`Replacement: J&T Express ${number}`)).toBeVisible();
      expect(await stockOf(api, product._id, 'L')).toBe(1);
      expect(await mailText(api, shopper.email, 'return-exchanged')).toContain(number);

      // The shopper sees it on the item, with the replacement's own tracking.
      await page.goto('/user/delivered_products');
      const card = page.getByRole('listitem').filter({ hasText: product.name });
      await expect(
        card.getByTestId('return-request').getByText('Your new size is on its way.'),
      ).toBeVisible();
      await expect(card.getByTestId('return-request').getByText(number)).toBeVisible();
      await expectAccessible(page);
    });

    test('a return of a paid item: refused reasons aside, received, then refunded into the ledger', async ({
      page,
      playwright,
      baseURL,
    }) => {
      // An order paid and delivered, then a return refunded, with axe on the way.
      test.slow();
      const { api, product, shopper, order } = await deliveredTee(playwright, page.request, baseURL!, {
        paid: true,
      });
      const line = await firstLine(page.request, shopper.id);
      const asked = await page.request.post('/api/returns', {
        data: { itemId: line.id, kind: 'return', reason: 'notAsDescribed', note: 'The colour differs' },
        headers: { origin: baseURL! },
      });
      expect(asked.status(), await asked.text()).toBe(201);
      const id = (await asked.json()).request._id as string;
      for (const step of ['approve', 'received']) {
        expect((await api.post(`/api/returns/${id}/${step}`, { data: {} })).status()).toBe(200);
      }
      const due = await (await api.get(`/api/orders/${order._id}`)).json();
      expect(due.payment.refundDue).toBe(order.total);

      await signInAdmin(page.request, baseURL!);
      await page.goto(
        `/admin/returns?status=received&reason=notAsDescribed&q=${encodeURIComponent(shopper.name)}`,
      );
      const row = tableRows(page, 'Returns').filter({ hasText: product.name });
      await expect(row.getByText('“The colour differs”')).toBeVisible();
      await row.getByRole('button', { name: /^Record refund/ }).click();
      const refund = page.getByRole('dialog', { name: 'Record the refund' });
      await refund.getByRole('button', { name: 'Record' }).click();
      await expect(
        refund.getByText('Enter the refund’s reference (at least 4 letters or digits)'),
      ).toBeVisible();
      await refund.getByLabel(/Refund reference/).fill('GCASH-778899');
      await refund.getByRole('button', { name: 'Record' }).click();
      await expect(refund).toBeHidden();
      await page.getByLabel('Status', { exact: true }).selectOption('refunded');
      await expect(row.getByText('Refunded')).toBeVisible();
      const after = await (await api.get(`/api/orders/${order._id}`)).json();
      expect(after.payment).toMatchObject({ refunded: order.total, refundDue: '0.00' });

      // The report counts it.
      const report = page.getByRole('table', { name: 'By reason' });
      await expect(report.getByRole('row', { name: /Not as described/ })).toBeVisible();
      // Read once the list has its answer: rows being fetched again are drawn faded.
      await expect(page.locator('table[aria-label="Returns"]')).not.toHaveAttribute('aria-busy', 'true');
      await expectAccessible(page);

      await page.goto('/user/delivered_products');
      const card = page.getByRole('listitem').filter({ hasText: product.name });
      await expect(card.getByTestId('return-request').getByText(/^Refunded ₱660\.00\.$/)).toBeVisible();
      expect(await stockOf(api, product._id, 'M')).toBe(3);
    });
  });
}

/** The first line of the shopper's newest order. */
async function firstLine(request: import('@playwright/test').APIRequestContext, userId: string) {
  const orders = await (await request.get(`/api/orders/user/${userId}`)).json();
  return { id: orders[0].products[0]._id as string };
}
