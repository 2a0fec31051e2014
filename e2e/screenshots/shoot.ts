import { fileURLToPath } from 'node:url';
import type { Page, TestInfo } from '@playwright/test';
import { animationsSettled } from '../fixtures.ts';

export const SCREENS_DIR = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));

/**
 * The whole page as `<name>-<project>.png`, once it has settled: fonts loaded, every image
 * loaded and decoded (a full-page shot waits neither for lazy images below the fold nor for
 * images decoded off the main thread), animations over, scrolled to the top.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (const img of document.images) {
      img.loading = 'eager';
      img.decoding = 'sync';
    }
    await document.fonts.ready;
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => {}))));
  await page.evaluate(() => window.scrollTo(0, 0));
  await animationsSettled(page);
  await page.screenshot({ path: `${SCREENS_DIR}${name}-${testInfo.project.name}.png`, fullPage: true });
}
