import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/helpers.ts';
import {
  isDatabaseUnavailable,
  isOutOfSpace,
  isShortOfResources,
  loggable,
  spaceRanOutIn,
} from './db-errors.ts';

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

describe('isOutOfSpace', () => {
  // As they come: PostgreSQL's under Drizzle's wrapper, Node's from a file write, PGlite's from
  // its WebAssembly file system while it starts, and a stopped embedded database's.
  const diskFull = {
    query: 'insert into "orders" ...',
    params: [],
    cause: { code: '53100', message: 'could not extend file' },
  };
  const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    syscall: 'write',
  });
  const edquot = Object.assign(new Error('EDQUOT: disk quota exceeded, write'), {
    code: 'EDQUOT',
    syscall: 'write',
  });
  const wasm = Object.assign(new Error(), { name: 'ErrnoError', errno: 51 });
  const stopped = { name: 'EmbeddedDatabaseStopped', code: '53100', stopped: true };

  it('knows a full disk however it is reported, and where it was', () => {
    for (const error of [diskFull, enospc, edquot, wasm, stopped]) expect(isOutOfSpace(error)).toBe(true);
    expect(spaceRanOutIn(diskFull)).toBe('database');
    expect(spaceRanOutIn(stopped)).toBe('database');
    expect(spaceRanOutIn(enospc)).toBe('files');
  });

  it('leaves the other resource errors alone: memory is a moment, a configured limit a fault', () => {
    for (const code of ['53000', '53200', '53300', '53400', '23505']) {
      expect(isOutOfSpace({ cause: { code } }), code).toBe(false);
    }
    expect(isOutOfSpace(Object.assign(new Error(), { name: 'ErrnoError', errno: 44 }))).toBe(false);
    expect(isOutOfSpace(new Error('boom'))).toBe(false);
    expect(isOutOfSpace(null)).toBe(false);
    expect(isShortOfResources({ cause: { code: '53200' } })).toBe(true);
    expect(isShortOfResources({ cause: { code: '53000' } })).toBe(true);
    expect(isShortOfResources({ cause: { code: '53400' } })).toBe(false);
  });

  it('counts a stopped embedded database as unavailable whatever stopped it', () => {
    expect(isDatabaseUnavailable(stopped)).toBe(true);
    expect(isDatabaseUnavailable({ cause: { code: 'XX000', stopped: true } })).toBe(true);
  });
});
