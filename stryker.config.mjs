// Mutation testing: changes the code one small edit at a time and checks that some test fails
// for each. `npm run mutation` mutates the shared rules against their unit tests;
// `npm run mutation:orders` the orders module (pricing, placement, statuses, reads) against the
// order API tests. Run by hand, not in
// CI (minutes each); reports go to reports/mutation/.
const orders = process.env.MUTATE === 'orders';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  mutate: orders
    ? [
        'apps/server/src/modules/orders/*.ts',
        '!apps/server/src/modules/orders/*.test.ts',
        '!apps/server/src/modules/orders/index.ts',
      ]
    : [
        'packages/shared/src/**/*.ts',
        '!packages/shared/src/**/*.test.ts',
        '!packages/shared/src/schemas/test-helpers.ts',
        '!packages/shared/src/index.ts',
      ],
  coverageAnalysis: 'perTest',
  // Module-level values (constants, schema objects) are evaluated once per test run, so the
  // Vitest runner cannot tell their mutants apart: they would count as survivors.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 60_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${orders ? 'orders' : 'shared'}.html` },
  jsonReporter: { fileName: `reports/mutation/${orders ? 'orders' : 'shared'}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
