import { expect, expectAccessible, signUpViaApi, test } from '../fixtures.ts';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInAdmin } from './helpers.ts';

const SOME_ID = '00000000-0000-4000-8000-000000000000';
/** Every back-office page behind its sign-in, with the query strings they take. */
const GUARDED = [
  '/admin',
  '/admin/add_product',
  '/admin/orders',
  `/admin/product_management?oid=${SOME_ID}`,
  '/admin/users',
  '/admin/update_admin_profile',
  `/admin/product_view/?pid=${SOME_ID}`,
  `/admin/product_edit/?pid=${SOME_ID}`,
];

test.describe('the admin guard', () => {
  test('sends an anonymous visitor from every admin page to /admin/auth', async ({ page }) => {
    for (const path of GUARDED) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/admin/auth');
      await expect(page.getByRole('heading', { name: 'Welcome back, Admin!' })).toBeVisible();
    }
  });

  test('sends a signed-in shopper from every admin page to /admin/auth', async ({ page, baseURL }) => {
    await signUpViaApi(page.request, baseURL!);
    await page.goto('/user');
    await expect(page).toHaveURL('/user');
    for (const path of GUARDED) {
      await page.goto(path);
      await expect(page, path).toHaveURL('/admin/auth');
    }
  });

  test('an unknown admin path is the 404 page', async ({ page }) => {
    await page.goto('/admin/xyz');
    await expect(page.getByRole('heading', { name: 'Not Found!' })).toBeVisible();
    await expect(page.getByText('I think you went to non-existing page.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  });
});

test.describe('admin sign-in', () => {
  test('shows the field messages, refuses wrong credentials, and has a back button', async ({ page }) => {
    await page.goto('/admin/auth');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Too short!')).toBeVisible();
    await expect(page.getByText('Passwords must be at least 6 characters long')).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');

    // An unknown account, so the real admin's failure count is left alone.
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password').fill('wrong-password');
    await expect(page.getByText('Too short!')).toBeHidden();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid username or password' })).toBeVisible();
    await expect(page).toHaveURL('/admin/auth');

    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL('/sign-in');
  });

  test("a failed attempt's toast goes as soon as the next attempt signs in", async ({ page }) => {
    await page.goto('/admin/auth');
    await page.getByLabel('Username').fill('nobody-here');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'Invalid username or password' });
    await expect(failed).toBeVisible();
    // Its countdown stopped: the toast would stay up until something takes it away.
    await failed.evaluate((toast) => {
      for (const animation of toast.getAnimations({ subtree: true })) animation.pause();
    });
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(
      page.getByRole('alert').filter({ hasText: `Welcome back, ${E2E_ADMIN.username}!` }),
    ).toBeVisible();
    await expect(failed).toBeHidden();
  });

  test('signs in, is sent on from /admin/auth while signed in, and logs out to /', async ({ page }) => {
    await page.goto('/admin/auth');
    await page.getByLabel('Username').fill(E2E_ADMIN.username);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    // The header: the logo home, the username, and the avatar leading to the profile.
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: /home/ })).toHaveAttribute('href', '/');
    const profile = banner.getByRole('link', { name: /Update admin profile/ });
    await expect(profile).toContainText(E2E_ADMIN.username);
    await expect(profile).toHaveAttribute('href', '/admin/update_admin_profile');

    await page.goto('/admin/auth');
    await expect(page).toHaveURL('/admin');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/admin/orders');
    await expect(page).toHaveURL('/admin/auth');
  });
});

test.describe('admin layout', () => {
  test('the sidebar leads to each list and marks the current one', async ({ page, baseURL }) => {
    await signInAdmin(page.request, baseURL!);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL('/admin/orders');
    await expect(page.getByRole('heading', { name: 'Orders List' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();
    await nav.getByRole('link', { name: 'Products' }).click();
    await expect(page.getByRole('heading', { name: 'Products List' })).toBeVisible();
  });

  test('on a phone the sidebar is a drawer behind the menu button, usable by keyboard', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAdmin(page.request, baseURL!);
    await page.goto('/admin');
    await expect(page.getByRole('navigation', { name: 'Back office' })).toBeHidden();

    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Back office' });
    await expect(drawer).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/admin/users');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Users List' })).toBeVisible();

    await menu.click();
    await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
