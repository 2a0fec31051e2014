import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/helpers.ts';
import { isDatabaseUnavailable, loggable } from './db-errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const failure = (query: Promise<unknown>) => query.then(() => null).catch((e: unknown) => e);
const SECRET = 'ana.secret@example.com';

describe('loggable', () => {
  it('keeps the query and the code, never the parameters or the row values', async () => {
    const row = {
      name: 'Ana',
      email: SECRET,
      contactNumber: '+639171234567',
      passwordHash: '$argon2id$secret',
    };
    await t.database.db.insert(customers).values(row);
    const error = await failure(t.database.db.insert(customers).values(row));
    const logged = loggable(error);
    expect(logged).toMatchObject({ code: '23505', constraint: 'customers_email_key' });
    expect(logged?.query).toMatch(/^insert into "customers"/);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('$argon2id$secret');
    // What it leaves out was there to leak.
    expect(String(error)).toContain(SECRET);
  });

  it('has nothing to say of an error that did not come from a query', () => {
    expect(loggable(new Error('boom'))).toBeUndefined();
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a lost connection, a refused one and a shutdown', () => {
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable({ cause: { code: '57P01', message: 'terminating connection' } })).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('is not fooled by a query that failed on its own', async () => {
    const error = await failure(t.database.db.execute(sql`select 1/0`));
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
