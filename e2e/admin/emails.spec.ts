import AxeBuilder from '@axe-core/playwright';
import type { Product } from '@habi/shared';
import { expect, expectAccessible, forgetSandboxRefusals, signUpViaApi, test } from '../fixtures.ts';
import {
  adminApi,
  createProductViaApi,
  placeOrder,
  searchTable,
  signInAdmin,
  tableRows,
  uniqueTag,
} from './helpers.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInAdmin(page.request, baseURL!);
});

test('Emails lists an order confirmation once sent, and previews its HTML in a sandbox and its text', async ({
  page,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  const tag = uniqueTag();
  const api = await adminApi(playwright, baseURL!);
  const name = `Mail ${tag} Tee Navy`;
  const productId = await createProductViaApi(api, { name, price: '1234.00', variations: [name] });
  const product = (await (await api.get(`/api/product/${productId}`)).json()) as Product;
  const context = await playwright.request.newContext({ baseURL });
  const shopper = await signUpViaApi(context, baseURL!, {
    name: `Mailed Shopper ${tag}`,
    email: `mailed.${tag}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
  });
  const order = await placeOrder(context, baseURL!, shopper.id, [
    { product, variation: 0, size: 'M', quantity: 2, fee: 50 },
  ]);
  await context.dispose();

  try {
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Emails' }).click();
    await expect(page).toHaveURL('/admin/emails');
    await expect(page.getByRole('heading', { name: 'Emails' })).toBeVisible();
    await searchTable(page, 'Search recipient or subject...', `mailed.${tag}`);
    const rows = tableRows(page, 'Emails');
    // Newest first: the order's confirmation, then the link to verify the address, sent at sign-up.
    await expect(rows).toHaveCount(2);
    await expect(rows.last()).toContainText('Email verify');
    await expect(rows.first()).toContainText(`mailed.${tag}@example.com`);
    await expect(rows.first()).toContainText('Order placed');
    // The server's worker sends it within its poll interval; the page looks again while it waits.
    await expect(rows.first().getByText('sent', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: 'Emails' })).not.toHaveAttribute('aria-busy', 'true');
    await expectAccessible(page);

    await rows.first().getByRole('button', { name: 'Your Habi order is confirmed' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Habi order is confirmed' });
    await expect(dialog).toContainText(`To mailed.${tag}@example.com`);
    await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '');
    const html = dialog.frameLocator('iframe');
    await expect(html.getByText(`Hi Mailed Shopper ${tag},`)).toBeVisible();
    await expect(html.getByText('2 × ₱1,234.00')).toBeVisible();
    await expect(html.getByText('₱2,769.80', { exact: true })).toBeVisible();
    await expect(dialog.locator('pre')).toContainText('2 × ₱1,234.00 = ₱2,468.00');
    await expect(dialog.locator('pre')).toContainText('Order total: ₱2,769.80');
    // axe cannot run inside the sandbox (nothing can): the dialog around the frame is checked.
    const dialogScan = await new AxeBuilder({ page }).include('[role="dialog"]').exclude('iframe').analyze();
    expect(dialogScan.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The preview is in the URL: a reload shows it again; closing it leaves the list.
    await page.reload();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/admin/emails?q=mailed.${tag}`);
    // Those refusals are the only errors the page may log.
    forgetSandboxRefusals(consoleErrors);
  } finally {
    await api.delete(`/api/orders/delete/${order._id}`, { data: { orderId: order._id } });
    await api.delete(`/api/users/delete/${shopper.id}`, { data: { _id: shopper.id } });
    await api.delete(`/api/product/delete/${productId}`, { data: { _id: productId } });
    await api.dispose();
  }
});
