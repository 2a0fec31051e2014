import type { Page } from '@playwright/test';
import { appIsReady, expect, newShopper, routeGate, test } from '../fixtures.ts';

// On a phone the server's page shows before the app's code has run. What a shopper types in that
// moment is kept: the search works as a plain form, and the app takes up what was typed.

/** Holds the app's code back until `release()`: the page stays as the server rendered it. */
async function holdTheApp(page: Page) {
  const gate = routeGate();
  await page.route('**/assets/*.js', async (route) => {
    await gate.opened;
    await route.continue();
  });
  return { release: gate.open };
}

const searchbox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });

test('words typed in the search before the app starts get suggestions once it has', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  await searchbox(page).pressSequentially('dennim');
  app.release();
  await appIsReady(page);
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await expect(searchbox(page)).toHaveValue('dennim');
});

test('the search, sent before the app starts, opens the listing searching the words', async ({ page }) => {
  const app = await holdTheApp(page);
  await page.goto('/about', { waitUntil: 'commit' });
  await searchbox(page).pressSequentially('linen');
  await searchbox(page).press('Enter');
  await expect(page).toHaveURL('/products?q=linen');
  app.release();
  await appIsReady(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Products Collections' })).toBeVisible();
  await expect(searchbox(page)).toHaveValue('linen');
});

test('an address typed in the newsletter box before the app starts is kept and sent once it has', async ({
  page,
}) => {
  const app = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const box = page.getByPlaceholder('Enter your email');
  const { email } = newShopper();
  await box.fill(email);
  // Sent too early: nothing happens, the page stays and so does the address.
  await box.press('Enter');
  app.release();
  await appIsReady(page);
  await expect(page).toHaveURL('/');
  await expect(box).toHaveValue(email);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Almost there! Check your inbox and confirm your subscription.')).toBeVisible();
  await expect(box).toHaveValue('');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the header search opens, and searches, before the app starts', async ({ page }) => {
    const app = await holdTheApp(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await expect(searchbox(page)).toBeHidden();
    await page.getByRole('button', { name: 'Open search' }).click();
    await searchbox(page).pressSequentially('linen');
    await searchbox(page).press('Enter');
    await expect(page).toHaveURL('/products?q=linen');
    app.release();
    await appIsReady(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Products Collections' })).toBeVisible();
  });

  test('a search row opened before the app starts stays open, with its words, once it has', async ({
    page,
  }) => {
    const app = await holdTheApp(page);
    await page.goto('/about', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open search' }).click();
    await searchbox(page).pressSequentially('dennim');
    app.release();
    await appIsReady(page);
    await expect(searchbox(page)).toHaveValue('dennim');
    await expect(page.getByRole('button', { name: 'Close search' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(searchbox(page)).toBeHidden();
  });
});
