import type { Page } from '@playwright/test';
import { expect, routeGate, test } from '../fixtures.ts';

// A visitor whose device asks for reduced motion sees nothing spin, pulse or slide for long:
// every animation runs its course at once (index.css), the spinners' too.

/** The animations still running on the page, but a toast's countdown bar (hidden for them). */
function runningAnimations(page: Page) {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => {
        const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
        return animation.playState === 'running' && !target?.closest('.Toastify__progress-bar');
      })
      .map((animation) => (animation as CSSAnimation).animationName ?? 'transition'),
  );
}

/** Opens the back office's sign-in and sends it, its answer held: the button's spinner shows. */
async function spinnerShowing(page: Page) {
  const answer = routeGate();
  await page.route('**/api/admin/sign-in', async (route) => {
    await answer.opened;
    await route.continue();
  });
  await page.goto('/admin/auth');
  await page.getByLabel('Username').fill('nobody-here');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
  return answer;
}

test('a spinner spins for everyone but a visitor asking for reduced motion', async ({ page }) => {
  const answer = await spinnerShowing(page);
  expect(await runningAnimations(page)).toContain('spin');
  answer.open();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await spinnerShowing(page);
  await expect.poll(() => runningAnimations(page)).toEqual([]);
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeVisible();
});
