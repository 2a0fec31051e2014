import { afterEach, vi } from 'vitest';
import { workerDatabaseUrl } from './worker-database.ts';

// On PostgreSQL this file's worker uses a database of its own (worker-database.ts). A worker
// that ran a file before has its database already, and DATABASE_URL naming it.
if (process.env.DATABASE_URL && !process.env.HABI_TEST_BASE_DATABASE_URL) {
  process.env.HABI_TEST_BASE_DATABASE_URL = process.env.DATABASE_URL;
  process.env.DATABASE_URL = await workerDatabaseUrl(
    process.env.DATABASE_URL,
    process.env.VITEST_POOL_ID ?? '1',
  );
}

// An unexpected console.error is a failure: the server logs through pino, never the console.
const consoleError = vi.spyOn(console, 'error');
afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockClear();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((c) => c.join(' ')).join('\n')}`);
});
