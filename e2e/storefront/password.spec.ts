import { PASSWORD_MESSAGES } from '@habi/shared';
import type { APIRequestContext, Browser } from '@playwright/test';
import { adminApi, mailText } from '../admin/helpers.ts';
import { expect, expectAccessible, newShopper, signUpViaApi, test } from '../fixtures.ts';
import { E2E_ADMIN } from '../playwright.config.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Another browser signed in to the shopper's account, as an API context with its own session. */
async function elsewhere(
  browser: Browser,
  baseURL: string,
  headers: Record<string, string>,
  { email, password }: { email: string; password: string },
): Promise<APIRequestContext> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { ...headers, origin: baseURL } });
  const response = await context.request.post('/api/users/sign-in', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return context.request;
}

/** Who an API context is signed in as: their email, or null. */
const whoIs = async (api: APIRequestContext) =>
  ((await (await api.get('/api/users/current')).json()) as { email: string } | null)?.email ?? null;

/** The link in the newest password mail to an address. */
async function resetLink(admin: APIRequestContext, email: string) {
  const found = /https?:\/\/\S+\/reset-password\?token=[\w-]{43}/.exec(
    await mailText(admin, email, 'password-reset'),
  );
  expect(found, 'a reset link in the mail').not.toBeNull();
  // The mail names the store's public address; the test store listens on its own port.
  return new URL(found![0]).pathname + new URL(found![0]).search;
}

test('a shopper who forgot the password sets a new one from the mailed link; the old sessions end and the link works once', async ({
  page,
  browser,
  playwright,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.slow();
  const admin = await adminApi(playwright, baseURL!);
  const shopper = newShopper();
  await signUpViaApi(page.request, baseURL!, shopper);
  const before = await elsewhere(browser, baseURL!, extraHTTPHeaders ?? {}, shopper);
  await page.context().clearCookies();

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email', { exact: true }).fill(shopper.email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('region', { name: 'Forgot your password?' }).getByRole('status')).toContainText(
    PASSWORD_MESSAGES.resetRequested,
  );
  await expectAccessible(page);

  const link = await resetLink(admin, shopper.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expect(page.getByText(`For the account ${shopper.email}`)).toBeVisible();
  await expectAccessible(page);
  const password = page.getByLabel('New password', { exact: true });
  await password.fill('12345');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();
  await password.fill('iloveyou');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  const form = page.getByRole('region', { name: 'Set a new password' });
  await expect(form.getByText(PASSWORD_MESSAGES.common, { exact: true })).toBeVisible();
  await password.fill('a-fresh-linen-shirt');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page).toHaveURL('/user');
  await expect(page.getByRole('heading', { name: shopper.name })).toBeVisible();

  // The session opened before the reset no longer works; the new password does.
  expect(await whoIs(before)).toBeNull();
  const after = await elsewhere(browser, baseURL!, extraHTTPHeaders ?? {}, {
    ...shopper,
    password: 'a-fresh-linen-shirt',
  });
  expect(await whoIs(after)).toBe(shopper.email);
  expect(await mailText(admin, shopper.email, 'password-changed')).toContain(
    'Every session signed in to your account was signed out.',
  );

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(page.getByText(PASSWORD_MESSAGES.badLink)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgot-password');
});

test('a shopper sees where the account is signed in, signs out of another browser and changes the password', async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  const shopper = newShopper();
  const { id } = await signUpViaApi(page.request, baseURL!, shopper);
  const phone = await elsewhere(browser, baseURL!, { ...extraHTTPHeaders, 'user-agent': IPHONE }, shopper);
  const laptop = await elsewhere(browser, baseURL!, extraHTTPHeaders ?? {}, shopper);

  await page.goto(`/user/update_profile?uid=${id}`);
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
  await expect(sessions.getByText('Safari on iOS', { exact: true })).toBeVisible();
  await expectAccessible(page);

  await sessions.getByRole('button', { name: 'Sign out of Safari on iOS' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.sessionEnded)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  expect(await whoIs(phone)).toBeNull();
  expect(await whoIs(laptop)).toBe(shopper.email);

  const change = page.getByRole('region', { name: 'Password', exact: true });
  await change.getByLabel('Current password').fill('not-my-password');
  await change.getByLabel('New password').fill('a-new-linen-shirt');
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(change.getByText(PASSWORD_MESSAGES.wrongCurrent, { exact: true })).toBeVisible();
  await change.getByLabel('Current password').fill(shopper.password);
  await change.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(PASSWORD_MESSAGES.changed)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect(await whoIs(laptop)).toBeNull();
  expect(await whoIs(page.request)).toBe(shopper.email);
  await expectAccessible(page);
});

test("an admin sees the back office's own sessions and password form", async ({ page, baseURL }) => {
  const response = await page.request.post('/api/admin/sign-in', {
    data: E2E_ADMIN,
    headers: { origin: baseURL! },
  });
  expect(response.status()).toBe(200);
  await page.goto('/admin/update_admin_profile');
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await expect(sessions.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
  const change = page.getByRole('region', { name: 'Password', exact: true });
  await change.getByLabel('Current password').fill(E2E_ADMIN.password);
  await change.getByLabel('New password').fill('12345');
  await change.getByRole('button', { name: 'Change password' }).click();
  // The admin forms' wording of SPEC's minimum; nothing is sent, as other tests sign in as this admin.
  await expect(change.getByText('Passwords must be at least 6 characters long')).toBeVisible();
  await expectAccessible(page);
});
