import { EMAIL_MESSAGES } from '@habi/shared';
import { adminApi, createDiscountViaApi, mailText, uniqueTag } from '../admin/helpers.ts';
import { expect, expectAccessible, newShopper, signUpViaApi, test } from '../fixtures.ts';
import { saveCart, teeLine } from './cart-helpers.ts';

/** The path of the verification link in a mail's text (the mail names the store's public address). */
function verifyLink(text: string) {
  const found = /https?:\/\/\S+\/verify-email\?token=[\w-]{43}/.exec(text);
  expect(found, 'a verification link in the mail').not.toBeNull();
  const url = new URL(found![0]);
  return url.pathname + url.search;
}

test('a new shopper is reminded to verify the address, sends a new link and follows it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await adminApi(playwright, baseURL!);
  const shopper = newShopper();
  await signUpViaApi(page.request, baseURL!, shopper);

  await page.goto('/user');
  const banner = page.getByRole('region', { name: 'Verify your email address' });
  await expect(banner).toContainText(`We mailed a link to ${shopper.email}`);
  await expectAccessible(page);
  await banner.getByRole('button', { name: 'Send a new link' }).click();
  await expect(banner.getByRole('status')).toHaveText(EMAIL_MESSAGES.linkSent(shopper.email));

  const link = verifyLink(await mailText(admin, shopper.email, 'email-verify'));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGES.verified)).toBeVisible();
  await expectAccessible(page);
  // A reload of the page shows the same.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();

  await page.goto('/user');
  await expect(page.getByRole('heading', { name: shopper.name })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Verify your email address' })).toHaveCount(0);

  // A broken link says what to do, and leads to the profile.
  await page.goto('/verify-email?token=broken');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText(EMAIL_MESSAGES.badLink)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByRole('heading', { name: 'Update Profile' })).toBeVisible();
  await admin.dispose();
});

test('a shopper changes the email address: it changes once the link mailed to the new one is followed', async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await adminApi(playwright, baseURL!);
  const shopper = newShopper();
  const { id } = await signUpViaApi(page.request, baseURL!, shopper);
  const moved = `moved.${uniqueTag()}@example.com`;

  await page.goto(`/user/update_profile?uid=${id}`);
  await page.getByLabel('Email', { exact: true }).fill(moved);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: EMAIL_MESSAGES.changeSent(moved) })).toBeVisible();
  // Still the old address until the link is followed.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(shopper.email);
  await expectAccessible(page);

  await page.goto(verifyLink(await mailText(admin, moved, 'email-change')));
  await expect(page.getByText(EMAIL_MESSAGES.changed(moved))).toBeVisible();
  await page.goto('/user');
  await expect(page.getByText(moved)).toBeVisible();
  expect(await mailText(admin, shopper.email, 'email-changed')).toContain(`changed to ${moved}`);
  await admin.dispose();
});

test('a visitor applies a code in the cart, signs in from there and comes back to the cart with the code taken off', async ({
  page,
  playwright,
  baseURL,
  browser,
  extraHTTPHeaders,
}) => {
  const admin = await adminApi(playwright, baseURL!);
  const code = `BACK${uniqueTag().toUpperCase()}`;
  await createDiscountViaApi(admin, { code, kind: 'percent', value: '20' });
  // An account made elsewhere; this browser is a visitor's.
  const shopper = newShopper();
  const other = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { ...extraHTTPHeaders, origin: baseURL! },
  });
  await signUpViaApi(other.request, baseURL!, shopper);
  await other.close();

  await saveCart(page, [await teeLine(page.request)]);
  await page.goto('/cart');
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText('Sign in to use this code: it is checked and taken off when you do.'),
  ).toBeVisible();
  await expectAccessible(page);
  // The code survives a reload.
  await page.reload();
  await expect(page.getByText(code, { exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL('/sign-in?next=%2Fcart');
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/cart');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(`Discount (${code}):`)).toBeVisible();
  // 2 x 399.00 = 798.00; 20% off = 159.60.
  await expect(page.getByTestId('summary-discount')).toHaveText('−₱159.60');

  // A crafted link cannot send a shopper who signs in to another site.
  await page.goto('/sign-in?next=%2F%2Fevil.example%2F');
  await expect(page).toHaveURL('/user');
  await admin.dispose();
});
