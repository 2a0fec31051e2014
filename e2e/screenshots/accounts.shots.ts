import { adminApi, mailText, signInAdmin, uniqueTag } from '../admin/helpers.ts';
import { expect, newShopper, signUpViaApi, test } from '../fixtures.ts';
import { shoot } from './shoot.ts';

// Passwords and sessions for visual review: the forgotten-password steps, a link that does not
// work, and the password and sessions cards of Update Profile and Update Admin Profile. The
// behaviour is tested in ../storefront/password.spec.ts.

test('accounts: forgot password, the reset link, a bad link, and the password and sessions cards', async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await adminApi(playwright, baseURL!);
  const shopper = { ...newShopper(), name: `Ana Reyes ${uniqueTag()}` };
  const { id } = await signUpViaApi(page.request, baseURL!, shopper);
  // Another place the account is signed in, for the list.
  const phone = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    extraHTTPHeaders: { origin: baseURL!, 'x-forwarded-for': '203.0.113.57' },
  });
  await phone.request.post('/api/users/sign-in', {
    data: { email: shopper.email, password: shopper.password },
  });

  await page.goto(`/user/update_profile?uid=${id}`);
  await expect(page.getByText('Chrome on Android', { exact: true })).toBeVisible();
  await shoot(page, testInfo, 'account-security');

  await page.context().clearCookies();
  await page.goto('/sign-in');
  await shoot(page, testInfo, 'sign-in-forgot-link');
  await page.goto('/forgot-password');
  await shoot(page, testInfo, 'forgot-password');
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText(/we have mailed it a link/)).toBeVisible();
  await shoot(page, testInfo, 'forgot-password-sent');

  const text = await mailText(admin, shopper.email, 'password-reset');
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[\w-]{43}/.exec(text)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('iloveyou');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('region', { name: 'Set a new password' }).getByRole('alert')).toBeVisible();
  await shoot(page, testInfo, 'reset-password');
  await page.goto('/reset-password?token=broken');
  await shoot(page, testInfo, 'reset-password-bad-link');

  await signInAdmin(page.request, baseURL!);
  await page.goto('/admin/update_admin_profile');
  await expect(
    page.getByRole('region', { name: "Where you're signed in" }).getByText('This browser'),
  ).toBeVisible();
  await shoot(page, testInfo, 'admin-profile-security');
  await admin.dispose();
  await phone.close();
});

test('accounts: the reminder to verify the address, the verified page, and a new address waiting for its link', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await adminApi(playwright, baseURL!);
  const shopper = { ...newShopper(), name: `Bea Santos ${uniqueTag()}` };
  const { id } = await signUpViaApi(page.request, baseURL!, shopper);
  await page.goto('/user');
  await expect(page.getByRole('region', { name: 'Verify your email address' })).toBeVisible();
  await shoot(page, testInfo, 'account-verify-reminder');

  const text = await mailText(admin, shopper.email, 'email-verify');
  const link = new URL(/https?:\/\/\S+\/verify-email\?token=[\w-]{43}/.exec(text)![0]);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Email address verified' })).toBeVisible();
  await shoot(page, testInfo, 'verify-email');

  await page.goto(`/user/update_profile?uid=${id}`);
  await page.getByLabel('Email', { exact: true }).fill(`new.${shopper.email}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Your email address changes when you follow it/)).toBeVisible();
  await shoot(page, testInfo, 'profile-email-pending');
  await admin.dispose();
});
