import Fastify, { LogController } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/helpers.ts';
import errorsPlugin, { uniqueConflict } from './errors.ts';
import lifecycle from './lifecycle.ts';

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

describe('errors a full disk or a short database give', () => {
  // The two plugins alone, a route throwing what it is given, and the log lines kept.
  async function appThrowing() {
    const lines: { level: number; msg: string }[] = [];
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    const app = Fastify({
      loggerInstance: pino({ level: 'info' }, stream),
      logController: new LogController({ disableRequestLogging: true }),
    });
    await app.register(lifecycle);
    await app.register(errorsPlugin);
    let toThrow: unknown;
    app.post('/write', async () => {
      throw toThrow;
    });
    await app.ready();
    const write = (error: unknown) => {
      toThrow = error;
      return app.inject({ method: 'POST', url: '/write' });
    };
    return { app, lines, write };
  }
  const diskFull = {
    query: 'insert into "orders" ...',
    params: ['ana@example.com'],
    cause: { code: '53100', message: 'could not extend file "base/5/16385": No space left on device' },
  };

  it('answers a write that found no room 503 with Retry-After, logs it once, and turns readiness', async () => {
    const { app, lines, write } = await appThrowing();
    for (let i = 0; i < 50; i++) {
      const response = await write(diskFull);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json()).toEqual({
        message: 'The store cannot save changes right now. Please try again in a few minutes.',
      });
    }
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    expect((await write(enospc)).statusCode).toBe(503);
    expect(app.lifecycle.saving.active).toBe(true);
    expect([...app.lifecycle.saving.places]).toEqual(['database', 'files']);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'cannot save: no space left for the database; answering 503 until there is room'],
      [
        50,
        'cannot save: no space left for the data directory (images, mail); answering 503 until there is room',
      ],
    ]);
    // Neither the parameters nor the query reach the line.
    expect(JSON.stringify(lines)).not.toContain('ana@example.com');
    await app.close();
  });

  it('answers a database short of memory 503 to retry in a moment, and a configured limit 500', async () => {
    const { app, write } = await appThrowing();
    const memory = await write({ cause: { code: '53200', message: 'out of memory' } });
    expect(memory.statusCode).toBe(503);
    expect(memory.headers['retry-after']).toBe('5');
    expect(memory.json()).toEqual({
      message: 'The store is briefly unavailable. Please try again in a moment.',
    });
    const limit = await write({
      cause: { code: '53400', message: 'temporary file size exceeds temp_file_limit' },
    });
    expect(limit.statusCode).toBe(500);
    expect(app.lifecycle.saving.active).toBe(false);
    await app.close();
  });
});
