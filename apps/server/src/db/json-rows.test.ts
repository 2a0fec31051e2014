import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.ts';
import { jsonInsert } from './json-rows.ts';
import { outbox } from './schema.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('jsonInsert', () => {
  it('writes each row with the values given, as the columns read them back, and defaults the rest', async () => {
    const db = t.database.db;
    const rows: (typeof outbox.$inferInsert)[] = [
      {
        kind: 'test-json-a',
        recipient: 'a@example.com',
        subject: 'Ünïcode, "quotes", \\ and ₱1,299.00',
        html: '<p>It\'s {"not": "json"}</p>',
        text: 'line one\nline two',
        headers: { 'List-Unsubscribe': '<https://example.com/u?a=1&b=2>' },
        lastError: null,
      },
      {
        kind: 'test-json-b',
        recipient: 'b@example.com',
        subject: 'Second',
        html: '',
        text: '',
        headers: {},
        lastError: 'earlier: refused',
      },
    ];
    await db.execute(jsonInsert(outbox, rows));
    for (const row of rows) {
      const [stored] = await db.select().from(outbox).where(eq(outbox.kind, row.kind));
      expect(stored).toMatchObject(row);
      // Columns the rows did not name took their defaults.
      expect(stored).toMatchObject({ status: 'pending', attempts: 0, sentAt: null });
      expect(stored!.id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('writes the rows only when its condition holds', async () => {
    const db = t.database.db;
    const row = (kind: string) => ({
      kind,
      recipient: 'c@example.com',
      subject: 'S',
      html: '',
      text: '',
      headers: {},
    });
    await db.execute(jsonInsert(outbox, [row('test-json-when-false')], sql`1 = 2`));
    await db.execute(jsonInsert(outbox, [row('test-json-when-true')], sql`1 = 1`));
    const kinds = await db
      .select({ kind: outbox.kind })
      .from(outbox)
      .where(sql`${outbox.kind} like 'test-json-when-%'`);
    expect(kinds).toEqual([{ kind: 'test-json-when-true' }]);
  });

  it('refuses rows that name none of the columns', () => {
    expect(() => jsonInsert(outbox, [])).toThrow(/no columns of outbox/);
  });
});
