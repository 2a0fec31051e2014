import { defineConfig } from 'vitest/config';

// What the mutation runs (stryker.config.mjs) test their mutants against: the shared package's
// unit tests, or the order API tests (MUTATE=orders). Not part of `npm test`.
const orders = process.env.MUTATE === 'orders';

export default defineConfig({
  test: orders
    ? {
        include: ['apps/server/src/modules/orders/orders.test.ts'],
        setupFiles: ['apps/server/src/test/setup.ts'],
        globalSetup: ['apps/server/src/test/global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      }
    : { include: ['packages/shared/src/**/*.test.ts'] },
});
