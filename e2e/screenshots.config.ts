import { defineConfig, devices } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * `npm run screenshots`: the storefront's and the back office's pages at phone and desktop
 * widths, written to test-results/screens/<page>-<phone|desktop>.png for a person to look at.
 * Nothing here asserts how a page looks, so it is apart from the test suite: its files are
 * *.shots.ts, which `npm test` and `npm run test:e2e` do not match. Same built server, same setup.
 */
export default defineConfig({
  ...base,
  testDir: './screenshots',
  testMatch: '**/*.shots.ts',
  outputDir: '../test-results/screenshots',
  globalSetup: './screenshots/clear-screens.ts',
  retries: 0,
  reporter: 'list',
  projects: [
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 } } },
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
});
