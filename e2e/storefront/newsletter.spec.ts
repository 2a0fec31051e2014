import { EMAIL_MESSAGES } from '@habi/shared';
import { adminApi, mailText, signInAdmin, tableRows } from '../admin/helpers.ts';
import { expect, expectAccessible, forgetSandboxRefusals, newShopper, test } from '../fixtures.ts';
import { shopperAtCart } from './cart-helpers.ts';

/** The link in a mail's text part that goes to one of the store's newsletter pages, or to verify the address. */
function linkIn(text: string, page: 'confirm' | 'unsubscribe' | 'verify-email'): string {
  const path = page === 'verify-email' ? page : `newsletter/${page}`;
  const found = new RegExp(`https?://\\S+/${path}\\?token=[\\w-]+`).exec(text);
  expect(found, `a ${page} link in the mail`).not.toBeNull();
  // The mail names the store's public address; the test store listens on its own port.
  const url = new URL(found![0]);
  return url.pathname + url.search;
}

test('a subscriber confirms from the mailed link, takes 20% off with the code and finds the order mail in the back office', async ({
  page,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  test.slow();
  const admin = await adminApi(playwright, baseURL!);
  const details = newShopper();

  // The footer's box, on any page.
  await page.goto('/');
  const box = page.getByPlaceholder('Enter your email');
  await box.fill(details.email.toUpperCase());
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Almost there! Check your inbox and confirm your subscription.')).toBeVisible();
  await expect(box).toHaveValue('');

  // The confirmation mail's link opens the confirmation page with the code.
  const confirmation = await mailText(admin, details.email, 'newsletter-confirm');
  await page.goto(linkIn(confirmation, 'confirm'));
  await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
  await expect(page.getByText(`The newsletter will come to ${details.email}.`)).toBeVisible();
  const code = (await page.getByText(/^WELCOME-[A-Z0-9]{8}$/).textContent())!;
  await expectAccessible(page);
  // Following the link again shows the same code.
  await page.reload();
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  expect(await mailText(admin, details.email, 'newsletter-welcome')).toContain(code);

  // The shopper signs up with that address: the code is theirs once the address is verified.
  await shopperAtCart(page, baseURL!, details);
  // 2 x 399.00 = 798.00; 20% off = 159.60; 638.40 FREE delivery; tax 63.84.
  await expect(page.getByTestId('summary-total')).toHaveText('₱877.80');
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(EMAIL_MESSAGES.verifyForCode)).toBeVisible();
  await page.goto(linkIn(await mailText(admin, details.email, 'email-verify'), 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();
  await page.goto('/cart');
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(`Discount (${code}):`)).toBeVisible();
  await expect(page.getByTestId('summary-discount')).toHaveText('−₱159.60');
  await expect(page.getByTestId('summary-total')).toHaveText('₱702.24');
  await page.getByRole('button', { name: 'Place your order' }).click();
  await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);

  // The order's confirmation mail, in the back office's Emails page, with the discount.
  await signInAdmin(page.request, baseURL!);
  await page.goto(`/admin/emails?q=${encodeURIComponent(details.email)}`);
  const rows = tableRows(page, 'Emails');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'Email verify' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Newsletter confirm' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Newsletter welcome' })).toHaveCount(1);
  await rows
    .filter({ hasText: 'Order placed' })
    .getByRole('button', { name: 'Your Habi order is confirmed' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Your Habi order is confirmed' });
  await expect(dialog.locator('pre')).toContainText(`Discount (${code}): -₱159.60`);
  await expect(dialog.locator('pre')).toContainText('Order total: ₱702.24');

  // The welcome mail's unsubscribe link works in one click, and again on reload.
  await page.goto(linkIn(await mailText(admin, details.email, 'newsletter-welcome'), 'unsubscribe'));
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  const listed = await admin.get(`/api/admin/subscribers?q=${encodeURIComponent(details.email)}`);
  expect((await listed.json())[0]).toMatchObject({ status: 'unsubscribed', code, codeUsed: true });
  await admin.dispose();
  // The mail preview's sandboxed frame refused the fixture's script, as it should.
  forgetSandboxRefusals(consoleErrors);
});

test('a broken or unknown newsletter link says what to do instead', async ({ page }) => {
  await page.goto('/newsletter/confirm?token=broken');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(
    page.getByText(
      'This link is not valid or has expired. Subscribe again from the footer to get a new one.',
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goto(`/newsletter/unsubscribe?token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the shop' }).click();
  await expect(page).toHaveURL('/products');
});

test('the newsletter box checks the address before sending it', async ({ page }) => {
  await page.goto('/');
  const box = page.getByPlaceholder('Enter your email');
  await box.fill('not-an-address');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toHaveValue('not-an-address');
});
