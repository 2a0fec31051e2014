import { signInAdmin } from '../admin/helpers.ts';
import { expect, test } from '../fixtures.ts';
import { deliveredTee } from '../returns-helpers.ts';
import { shoot } from './shoot.ts';

// Returns and exchanges for visual review: the item's Return or exchange button and its form in
// My Orders, a request on its item, the order status tabs on a phone, and the back office's
// Returns page with a step's dialog, its report and window. The behaviour is tested in
// ../storefront/returns.spec.ts and ../admin/returns.spec.ts.

test('returns: My Orders with the form and a request, the Returns page and its dialog', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // The second shopper first: the page keeps the session of the last one signed up.
  const second = await deliveredTee(playwright, page.request, baseURL!, { paid: true });
  const orders = await (await page.request.get(`/api/orders/user/${second.shopper.id}`)).json();
  const asked = await page.request.post('/api/returns', {
    data: {
      itemId: orders[0].products[0]._id,
      kind: 'return',
      reason: 'defective',
      note: 'A seam came open',
    },
    headers: { origin: baseURL! },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const id = (await asked.json()).request._id;
  for (const step of ['approve', 'received'])
    await second.api.post(`/api/returns/${id}/${step}`, { data: {} });
  const { name, shopper } = await deliveredTee(playwright, page.request, baseURL!);

  await page.goto('/user/delivered_products');
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByRole('button', { name: 'Return or exchange' })).toBeVisible();
  await shoot(page, testInfo, 'account-delivered-returnable');
  await card.getByRole('button', { name: 'Return or exchange' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return or exchange' });
  await dialog.getByRole('radio', { name: /Exchange/ }).check();
  await dialog.getByLabel('Reason').selectOption('wrongSize');
  await dialog.getByLabel('New size').selectOption('L');
  await dialog.getByLabel('Note (optional)').fill('Too snug at the shoulders');
  await shoot(page, testInfo, 'account-return-form');
  await dialog.getByRole('button', { name: 'Request exchange' }).click();
  await expect(card.getByTestId('return-request')).toBeVisible();
  await shoot(page, testInfo, 'account-return-requested');

  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin/returns');
  await expect(page.getByRole('heading', { level: 1, name: 'Returns' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By reason' })).toBeVisible();
  await shoot(page, testInfo, 'admin-returns');
  await page.goto(`/admin/returns?q=${encodeURIComponent(shopper.name)}&status=requested`);
  await page
    .getByRole('button', { name: /^Approve/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Approve the request' })).toBeVisible();
  await shoot(page, testInfo, 'admin-return-approve');
  await page.keyboard.press('Escape');
  await page.goto(`/admin/returns?q=${encodeURIComponent(second.shopper.name)}`);
  await page
    .getByRole('button', { name: /^Record refund/ })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Record the refund' })).toBeVisible();
  await shoot(page, testInfo, 'admin-return-refund');
});
