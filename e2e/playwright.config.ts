import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN = { username: 'admin', password: 'e2e-admin-secret' };
/** A stand-in for PayMongo (apps/server/src/test/paymongo.ts) with checkout pages of its own. */
const PAYMONGO_PORT = PORT + 10;
const PAYMONGO = { secretKey: 'sk_test_e2e', webhookSecret: 'whsk_e2e_secret' };

// The built app on a fresh database with the demo catalogue, as `npm start` serves it. Workers
// load this file again: the runner's directory reaches them in the environment, so they read
// the server's mail (DATA_DIR/mail) where it writes it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'habi-e2e-'));
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR;
const dataDir = E2E_DATA_DIR;

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, what Playwright itself
 * runs headless tests on) where installed, else the browser. Same engine; the shell leaves out
 * the browser's own user interface and took a third less time over the e2e suite.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
const CATALOGUE_SPECS = /storefront\/(catalogue|journey)\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]]
    : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace costs every test its share of the 2-core CI machine (about a sixth of
    // the run); CI records the retry of a failed test, a local run keeps a failure's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The specs that compare the listing with the whole catalogue run first, before any other
    // spec adds products of its own (newest first, one made mid-test would shift every card).
    { name: 'catalogue', testMatch: CATALOGUE_SPECS, use: DESKTOP },
    { name: 'chromium', testIgnore: CATALOGUE_SPECS, dependencies: ['catalogue'], use: DESKTOP },
    // Stock, search and passwords are checked at phone width as well: most shoppers arrive on a phone.
    {
      name: 'phone',
      testMatch: /(stock|search|password|email)\.spec\.ts$/,
      dependencies: ['catalogue'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true },
    },
  ],
  webServer: [
    {
      command: `node apps/server/src/test/paymongo-serve.ts ${PAYMONGO_PORT} http://localhost:${PORT} ${PAYMONGO.webhookSecret}`,
      cwd: '..',
      port: PAYMONGO_PORT,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --liftoff-only apps/server/dist/main.js',
      cwd: '..',
      url: `http://localhost:${PORT}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        // Tests name their client address in X-Forwarded-For (see fixtures.ts).
        TRUST_PROXY: '127.0.0.1,::1',
        // Online payment is offered once a spec turns it on (payments-online.spec.ts).
        PAYMONGO_SECRET_KEY: PAYMONGO.secretKey,
        PAYMONGO_WEBHOOK_SECRET: PAYMONGO.webhookSecret,
        PAYMONGO_API_URL: `http://127.0.0.1:${PAYMONGO_PORT}`,
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
    },
  ],
});
