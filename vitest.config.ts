import { defineConfig } from 'vitest/config';

// One Vitest run covers every package; `--project <name>` picks one.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          setupFiles: ['apps/server/src/test/setup.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // One PostgreSQL database is shared by every file, so files take turns there;
          // on PGlite each file has a database of its own.
          fileParallelism: !process.env.DATABASE_URL,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
