import type { Page } from '@playwright/test';
import { appIsReady, expect, expectAccessible, test } from '../fixtures.ts';

// After a deploy, an open tab asks for page files the new build no longer has. The tab
// reloads once to get the new build; if the file is still missing it shows the error page
// instead of reloading again. The server's 404 for a file is played by page.route.

const ABOUT_CHUNK = '**/assets/about-page-*.js';
const ADMIN_CHUNK = '**/assets/admin-app-*.js';

const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
const aboutHeading = (page: Page) => h1(page, 'Clothes made with care, for the way you live.');
const errorHeading = (page: Page) => h1(page, 'Something went wrong');

/** Every document the tab loads: the first, each reload and each full navigation. */
function watchDocuments(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) urls.push(request.url());
  });
  return urls;
}

/**
 * Answers 404 for the files matching `pattern` while `missing()` holds. The browser asks for a
 * page's file twice (Vite's modulepreload, then the import), so "the old build's document"
 * is the reliable way to say when the file is gone.
 */
async function removeFile(page: Page, pattern: string, missing = () => true) {
  const refused: string[] = [];
  await page.route(pattern, (route) => {
    if (!missing()) return route.fallback();
    refused.push(route.request().url());
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  return refused;
}

/** The error page as a shopper sees it: a plain message, a reload and a full load of home. */
async function expectErrorPage(page: Page) {
  await expect(errorHeading(page)).toBeVisible();
  await expect(page).toHaveTitle('Something went wrong | Habi');
  await expect(page.getByText('Please try again, or head back to the home page.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/');
  // Nothing of the error itself.
  await expect(page.getByText(/dynamically imported module|assets\/|\.js/)).toHaveCount(0);
}

test('a page whose file is gone reloads once and then shows', async ({ page, baseURL }) => {
  const documents = watchDocuments(page);
  const refused = await removeFile(page, ABOUT_CHUNK, () => documents.length === 1);
  // The reload follows straight on; waiting for the first document's load could race it.
  await page.goto('/about', { waitUntil: 'commit' });
  // The page is sent rendered, so its heading shows before the scripts find the file gone.
  await expect.poll(() => documents.length).toBe(2);
  await expect(aboutHeading(page)).toBeVisible();
  // Alive after the reload: once the app has taken the page over, its links are the app's own
  // (before, the rendered page's links are plain ones and would load a document).
  await appIsReady(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
  expect(refused.length).toBeGreaterThan(0);
  expect(documents).toEqual([`${baseURL}/about`, `${baseURL}/about`]);
});

test('a link to a page whose file is gone opens that page on the reload', async ({ page, baseURL }) => {
  const documents = watchDocuments(page);
  await page.goto('/');
  await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
  const refused = await removeFile(page, ABOUT_CHUNK, () => documents.length === 1);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
  await expect(aboutHeading(page)).toBeVisible();
  await expect(page).toHaveURL('/about');
  expect(refused.length).toBeGreaterThan(0);
  // The link's target is loaded, not the page it was clicked on.
  expect(documents).toEqual([`${baseURL}/`, `${baseURL}/about`]);
});

test('a page whose file stays missing shows the error page in the storefront after one reload', async ({
  page,
  baseURL,
}) => {
  const documents = watchDocuments(page);
  await removeFile(page, ABOUT_CHUNK);
  await page.goto('/about', { waitUntil: 'commit' });
  await expectErrorPage(page);
  // The header and footer stay around the message.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAccessible(page);
  // No loop: once things settle, the first load and its one reload are all there was.
  await page.waitForLoadState('networkidle');
  expect(documents).toEqual([`${baseURL}/about`, `${baseURL}/about`]);

  // Try again reloads once more, and the page does not reload again by itself.
  const reloaded = page.waitForEvent('framenavigated');
  await page.getByRole('button', { name: 'Try again' }).click();
  await reloaded;
  await expectErrorPage(page);
  await page.waitForLoadState('networkidle');
  expect(documents).toHaveLength(3);

  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(h1(page, 'Everyday pieces, made to last.')).toBeVisible();
  expect(documents).toEqual([...Array(3).fill(`${baseURL}/about`), `${baseURL}/`]);
});

test('the back office whose file stays missing shows the error page on its own', async ({
  page,
  baseURL,
}) => {
  const documents = watchDocuments(page);
  await removeFile(page, ADMIN_CHUNK);
  await page.goto('/admin/auth', { waitUntil: 'commit' });
  await expectErrorPage(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expectAccessible(page);
  await page.waitForLoadState('networkidle');
  expect(documents).toEqual([`${baseURL}/admin/auth`, `${baseURL}/admin/auth`]);
});
