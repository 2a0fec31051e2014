import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page, type Response } from '@playwright/test';

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
  page: async ({ page, consoleErrors, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) actOnceTheAppIsReady(page);
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

/** Waits until the app has taken the page over: before, a rendered page's links are plain ones. */
export async function appIsReady(page: Page) {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * A server-rendered page shows before its buttons work: opening or reloading a page returns
 * once the app has taken it over (`<html data-app="ready">`, set by apps/web src/app/providers.tsx),
 * as a shopper's next tap would find it (pages only, not a JSON answer). `waitUntil: 'commit'`
 * returns at once, for the tests whose app cannot start.
 */
export function actOnceTheAppIsReady(page: Page) {
  const ready = async (response: Response | null) => {
    if (!response?.headers()['content-type']?.startsWith('text/html')) return;
    await appIsReady(page);
  };
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await ready(response);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await ready(response);
    return response;
  };
}

/** Signs a new shopper up through the API; the page's context then holds the session cookie. */
export async function signUpViaApi(request: APIRequestContext, baseURL: string, shopper = newShopper()) {
  const response = await request.post('/api/users/sign-up', { data: shopper, headers: { origin: baseURL } });
  expect(response.status(), await response.text()).toBe(201);
  const current = await request.get('/api/users/current');
  return { ...shopper, id: (await current.json())._id as string };
}

/**
 * Forgets the errors a mail preview's sandboxed frame logs: the fixture's init script (and axe)
 * try to run in every frame, the preview's too, and its sandbox blocks them, as it should.
 */
export function forgetSandboxRefusals(consoleErrors: string[]) {
  const others = consoleErrors.filter((m) => !/^Blocked script execution in 'about:srcdoc'/.test(m));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

/**
 * Resolves once every finite animation on the page has run its course (a toast sliding in, a
 * dialog fading): the page as it will stay. Endless ones (spinners) and the toasts' countdown
 * bars, which run for as long as the toast shows, are not waited for.
 */
export async function animationsSettled(page: Page) {
  // Two frames first: a class that just changed (rows undimmed after a refetch) has started its
  // transition by then, so it is seen running rather than not yet begun.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      if (animation.playState !== 'running') return true;
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      if (target?.closest('.Toastify__progress-bar')) return true;
      return animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY;
    }),
  );
}

/**
 * axe's rules for WCAG 2.0, 2.1 and 2.2 at levels A and AA, its experimental ones included
 * (label-content-name-mismatch is one: WCAG 2.5.3), beside its best practices.
 */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

/** axe on the page as it stands: no WCAG violation, and no serious or critical best-practice one. */
export async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** What `expectAccessible` finds, one line a rule with the elements it names. */
export async function axeViolations(page: Page) {
  // Colours are read at rest: nothing loading (rows dim while a table refetches), not halfway
  // through a toast or a dialog fading in.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude('.Toastify').analyze();
  return results.violations
    .filter(
      (v) =>
        v.tags.some((tag) => tag.startsWith('wcag')) || v.impact === 'serious' || v.impact === 'critical',
    )
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Opens `path`, waits for its main heading, and checks it with axe; softly, so one run lists every
 * screen that fails.
 */
export async function checkScreen(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  expect.soft(await axeViolations(page), path).toEqual([]);
}

/**
 * A gate for a route handler to wait at, so a response is held exactly until the test has seen
 * the loading state it wants to see, and then let through: `await gate.opened` in the handler,
 * `gate.open()` in the test.
 */
export function routeGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}
