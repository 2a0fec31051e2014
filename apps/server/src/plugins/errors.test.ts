import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/helpers.ts';
import { uniqueConflict } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('uniqueConflict', () => {
  it("turns the database's unique violation on an email into the sign-up's 409", async () => {
    const row = { name: 'Ana', email: 'ana@example.com', contactNumber: '+639171234567', passwordHash: 'x' };
    await t.database.db.insert(customers).values(row);
    const error = await t.database.db
      .insert(customers)
      .values(row)
      .then(() => null)
      .catch((e: unknown) => e);
    const conflict = uniqueConflict(error);
    expect(conflict?.statusCode).toBe(409);
    expect(conflict?.errors).toEqual({ email: 'This email is already registered' });
  });

  it('leaves other errors alone', () => {
    expect(uniqueConflict(new Error('boom'))).toBeUndefined();
  });
});
