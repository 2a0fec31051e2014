import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { reactOnPreact } from './apps/web/vite.config.ts';

// One Vitest run covers every package; `--project <name>` picks one.
export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, is a single worker on a 2-core machine;
    // the suites spend much of their time waiting on servers they start and on databases, and
    // two workers there take 17 minutes instead of 27.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        // Checks of the repository's own rules (biome.json's import directions and size limits).
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'demo',
          include: ['packages/demo/src/**/*.test.ts'],
        },
      },
      {
        // The seed imports @habi/demo, which exports its TypeScript source under the "source"
        // condition: tests run that, never a stale or missing dist/. The list replaces Vite's
        // conditions for Node-side code, so their defaults follow.
        ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/test/process/**', 'apps/server/src/test/cluster/**'],
          setupFiles: ['apps/server/src/test/setup.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // On Preact, as the app runs (apps/web/vite.config.ts); Testing Library bundled with the
        // tests so that its `react` is that too.
        resolve: {
          conditions: ['module', 'browser', 'development|production'],
          alias: [
            ...reactOnPreact,
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'web',
          setupFiles: ['apps/web/src/lib/controlled-fields.ts'],
          server: { deps: { inline: [/node_modules\/(?!preact\/)/] } },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          // The built server in processes of its own, as an operator runs it: start, stop,
          // crash, restart, a second process, PostgreSQL outages.
          name: 'process',
          include: ['apps/server/src/test/process/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/process/build.ts'],
          // With HABI_TEST_PG_CTL some files stop and start the PostgreSQL cluster, which every
          // file there uses: one file at a time then.
          fileParallelism: !process.env.HABI_TEST_PG_CTL,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Three built servers on one PostgreSQL behind nginx (deploy/nginx.conf): shared sessions,
          // idempotency, throttling and images; rolling restart and kill -9 under load. Needs
          // DATABASE_URL (a role with CREATEDB) and nginx with the brotli modules.
          name: 'cluster',
          include: ['apps/server/src/test/cluster/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/process/build.ts'],
          // Each file runs a whole cluster under load: one at a time, so the figures mean something.
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
