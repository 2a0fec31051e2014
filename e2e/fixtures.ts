import { createHash } from 'node:crypto';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export { expect };

/** A private IPv4 address derived from a text, the same for the same text. */
function clientAddress(text: string): string {
  const hash = createHash('sha256').update(text).digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
}

let counter = 0;
/** A unique shopper for one test. */
export function newShopper() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${process.pid}${counter}`;
  return {
    name: `Maria Santos ${counter}`,
    email: `maria.${tag}@example.com`,
    contactNumber: '+639171234567',
    password: 'secret123',
  };
}

/**
 * A page that fails the test on an unexpected console error or uncaught exception. Failed
 * resource loads (the browser logs a 4xx a test provoked on purpose) are not counted.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // Each test is a client of its own, as shoppers are: sign-up and sign-in throttling count per
  // client address, and the e2e server trusts the address a loopback "proxy" names.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      'x-forwarded-for': clientAddress(`${testInfo.testId}:${testInfo.retry}`),
    });
  },
  // The list alone; the page fixture (which wraps the built-in page) fills and checks it,
  // so the two do not depend on each other in a cycle.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  page: async ({ page, consoleErrors }, use) => {
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        consoleErrors.push(message.text());
      }
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    // A Content-Security-Policy violation is an error too, whether or not the page logs it.
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
      ),
    );
    await use(page);
    expect(consoleErrors, 'console errors').toEqual([]);
  },
});

/** Signs a new shopper up through the API; the page's context then holds the session cookie. */
export async function signUpViaApi(request: APIRequestContext, baseURL: string, shopper = newShopper()) {
  const response = await request.post('/api/users/sign-up', { data: shopper, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
  const current = await request.get('/api/users/current');
  return { ...shopper, id: (await current.json())._id as string };
}

/** axe on the page as it stands: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  // Toasts animate in; wait until they settle so their contrast is read at rest.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).exclude('.Toastify').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Full-page screenshots at phone (390 px) and desktop (1280 px) widths, kept as artifacts. */
export async function screenshotBoth(page: Page, name: string) {
  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForLoadState('networkidle');
    const dir = path.join(test.info().config.rootDir, '../test-results/screens');
    await page.screenshot({ path: path.join(dir, `${name}-${label}.png`), fullPage: true });
  }
}
