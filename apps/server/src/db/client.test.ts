import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

// PostgreSQL's pool only: PGlite has one connection and no pool to run dry.
describe.runIf(process.env.DATABASE_URL)('transactions on PostgreSQL', () => {
  let database: Database;

  beforeAll(async () => {
    // One connection: a transaction that kept it would leave none for the next.
    database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
  });
  afterAll(() => database.close());

  const one = () =>
    database.db.transaction(
      async (tx) =>
        ((await tx.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }).rows[0]?.one,
    );

  it('give their connection back when BEGIN itself fails', async () => {
    for (let i = 0; i < 3; i++) {
      // A BEGIN the database refuses (as it refuses one on a connection it just dropped).
      await expect(
        database.db.transaction(async () => 'never', { isolationLevel: 'no such level' as never }),
      ).rejects.toThrow();
    }
    expect(await one()).toBe(1);
  });

  it('give their connection back when the work fails, and when the database drops it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await one()).toBe(1);

    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      }),
    ).rejects.toThrow();
    expect(await one()).toBe(1);
  });
});
