import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { claimDue, enqueueMail, markFailed, markSent, release, renewClaims } from './outbox.ts';
import { createMailWorker, LEASE_MS, type MailWorker, type MailWorkerOptions } from './worker.ts';

// The lease of a claim and its renewal, on the real database (PGlite, or PostgreSQL with
// DATABASE_URL): a transport that sends when told, and a database one worker can lose.

interface StoredMail {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: string | null;
  /** Seconds from the database's now to the next attempt. */
  due_in: number;
}

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const workers: MailWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop(0)));
  await db().execute(sql`delete from outbox`);
});

/** Queues `count` mails; their ids. A batch is sent in the order its claim answers, not this one. */
async function enqueue(count: number): Promise<string[]> {
  const tag = randomUUID();
  for (let i = 0; i < count; i++) {
    await enqueueMail(db(), {
      kind: 'test',
      recipient: `${tag}-${i}@example.com`,
      subject: `Mail ${i}`,
      html: '<p>Hi</p>',
      text: 'Hi',
    });
  }
  const result = await db().execute(sql`select id from outbox where recipient like ${`${tag}-%`}`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

async function stored(id: string): Promise<StoredMail> {
  const result = await db().execute(sql`
    select id, status, attempts, last_error, sent_at,
           extract(epoch from next_attempt_at - now())::float8 as due_in
    from outbox where id = ${id}`);
  return (result as unknown as { rows: StoredMail[] }).rows[0]!;
}

/** The database's clock, in seconds: the one the leases are counted on. */
async function dbSeconds(): Promise<number> {
  const result = await db().execute(sql`select extract(epoch from clock_timestamp())::float8 as now`);
  return (result as unknown as { rows: { now: number }[] }).rows[0]!.now;
}

const makeDue = (id: string) => db().execute(sql`update outbox set next_attempt_at = now() where id = ${id}`);

/** Waits for a state, never for a time. */
const until = (check: () => unknown | Promise<unknown>, timeout = 20_000) =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('not yet');
    },
    { timeout, interval: 20 },
  );

/** A transport that accepts every mail, or, while held, keeps each send waiting until let go. */
function fakeTransport() {
  let holding = false;
  const waiting: ((error?: Error) => void)[] = [];
  const transport = {
    kind: 'smtp' as const,
    /** Ids of the mails handed to it, in order. */
    asked: [] as string[],
    /** Ids of the mails it accepted. */
    accepted: [] as string[],
    /** Called as a mail is accepted, before the worker hears of it. */
    onAccept: (_id: string) => {},
    async send(mail: { id: string }) {
      transport.asked.push(mail.id);
      if (holding) {
        const error = await new Promise<Error | undefined>((resolve) => waiting.push(resolve));
        if (error) throw error;
      }
      transport.accepted.push(mail.id);
      transport.onAccept(mail.id);
    },
    close() {},
    hold() {
      holding = true;
    },
    /** Ends the waiting sends: accepted, or refused with `error`; later sends do not wait. */
    letGo(error?: Error) {
      holding = false;
      for (const go of waiting.splice(0)) go(error);
    },
    waiting: () => waiting.length,
  };
  return transport;
}

/**
 * The database as one worker reaches it. While `away`, every statement fails as it does when
 * PostgreSQL drops the connection or restarts; `failed` and `answered` count statements.
 */
function reachable(real: Db) {
  const state = { away: false, failed: 0, answered: 0 };
  const failing = (): unknown => {
    const builder: unknown = new Proxy(
      {},
      {
        get: (_target, prop) =>
          prop === 'then'
            ? (resolve: (v: unknown) => unknown, reject: (e: unknown) => unknown) => {
                state.failed += 1;
                return Promise.reject(new Error('Connection terminated unexpectedly')).then(resolve, reject);
              }
            : () => builder,
      },
    );
    return builder;
  };
  const db = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (state.away) return failing();
        state.answered += 1;
        return value.apply(target, args);
      };
    },
  });
  return { db, state };
}

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, said: (msg: string) => lines.some((line) => line.msg === msg) };
}

function worker(overrides: Partial<MailWorkerOptions> & { db?: Db } = {}) {
  const { db: on = db(), ...options } = overrides;
  const created = createMailWorker(on, {
    transport: fakeTransport(),
    from: { name: 'Habi', address: 'orders@habi.test' },
    log: capturedLog().log,
    pollMs: 60_000,
    ...options,
  });
  workers.push(created);
  return created;
}

describe('a claim belongs to the attempt that made it', () => {
  it('is renewed, settled as failed and released only by that attempt, never over a newer claim', async () => {
    const [id] = (await enqueue(1)) as [string];
    const [first] = await claimDue(db(), { limit: 10, leaseMs: 60_000 });
    await makeDue(id);
    const [second] = await claimDue(db(), { limit: 10, leaseMs: 60_000 });
    expect([first!.attempts, second!.attempts]).toEqual([1, 2]);

    expect(await renewClaims(db(), [first!], 1_000)).toEqual(new Set());
    await markFailed(db(), first!, 'refused', 8);
    await release(db(), [first!]);
    const untouched = await stored(id);
    expect(untouched).toMatchObject({ status: 'pending', attempts: 2, last_error: null });
    expect(untouched.due_in).toBeGreaterThan(50);

    expect(await renewClaims(db(), [second!], 1_000)).toEqual(new Set([id]));
    expect((await stored(id)).due_in).toBeLessThanOrEqual(1);
  });

  it('is renewed by its worker after its lease ran out, while no other worker claimed it', async () => {
    const [id] = (await enqueue(1)) as [string];
    const [claim] = await claimDue(db(), { limit: 10, leaseMs: 60_000 });
    await db().execute(sql`update outbox set next_attempt_at = now() - interval '1 second' where id = ${id}`);
    expect(await renewClaims(db(), [claim!], 60_000)).toEqual(new Set([id]));
    expect((await stored(id)).due_in).toBeGreaterThan(50);
    expect(await claimDue(db(), { limit: 10, leaseMs: 60_000 })).toEqual([]);
  });

  it('records a send whoever holds the claim now, keeping the first sent_at, and is renewed no more', async () => {
    const [id] = (await enqueue(1)) as [string];
    const [first] = await claimDue(db(), { limit: 10, leaseMs: 60_000 });
    await makeDue(id);
    const [second] = await claimDue(db(), { limit: 10, leaseMs: 60_000 });
    // The first worker's send went: recorded, so the newer claim's failure cannot bring a third.
    await markSent(db(), first!.id);
    const sent = await stored(id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    await markFailed(db(), second!, 'refused', 8);
    await markSent(db(), id);
    expect(await stored(id)).toMatchObject({ status: 'sent', last_error: null, sent_at: sent.sent_at });
    expect(await renewClaims(db(), [second!], 60_000)).toEqual(new Set());
  });
});

describe('the mail worker holds its claims while it sends', () => {
  it('claims for LEASE_MS and keeps the lease that short while it sends', async () => {
    const [id] = (await enqueue(1)) as [string];
    const transport = fakeTransport();
    transport.hold();
    const one = worker({ transport });
    const run = one.runOnce();
    await until(() => transport.waiting() === 1);
    const { due_in: dueIn } = await stored(id);
    expect(dueIn).toBeGreaterThan(LEASE_MS / 1000 - 10);
    expect(dueIn).toBeLessThanOrEqual(LEASE_MS / 1000);
    transport.letGo();
    expect(await run).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('renews the lease of a slow send, so no other worker takes the mail however long it lasts', async () => {
    const leaseMs = 1_500;
    const [id] = (await enqueue(1)) as [string];
    const slow = fakeTransport();
    slow.hold();
    const one = worker({ transport: slow, leaseMs });
    const other = fakeTransport();
    const two = worker({ transport: other, leaseMs });
    const run = one.runOnce();
    await until(() => slow.waiting() === 1);
    const began = await dbSeconds();
    // Three leases long, the other worker looking all the while.
    let takenByOther = 0;
    let lapsed = 0;
    await until(async () => {
      takenByOther += await two.runOnce();
      if ((await stored(id)).due_in <= 0) lapsed += 1;
      return (await dbSeconds()) - began > (3 * leaseMs) / 1000;
    }, 60_000);
    expect({ takenByOther, lapsed }).toEqual({ takenByOther: 0, lapsed: 0 });
    slow.letGo();
    expect(await run).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(other.asked).toEqual([]);
    expect(slow.accepted).toEqual([id]);
  });

  it('records a mail sent while the database was away once it is back, and never sends it again', async () => {
    const leaseMs = 1_000;
    const [id] = (await enqueue(1)) as [string];
    const { db: flaky, state } = reachable(db());
    const transport = fakeTransport();
    // The database goes away as the SMTP server accepts the mail.
    transport.onAccept = () => {
      state.away = true;
    };
    const { log, said } = capturedLog();
    const one = worker({ db: flaky, transport, leaseMs, log });
    const run = one.runOnce();
    // Away for longer than the lease, with the record tried again meanwhile.
    await until(() => state.failed >= 3);
    await until(async () => (await stored(id)).due_in < 0);
    state.away = false;
    expect(await run).toBe(1);
    expect(said('mail sent but not yet recorded; trying again')).toBe(true);
    expect(said('mail sent; recorded once the database answered')).toBe(true);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 1 });

    const other = fakeTransport();
    await worker({ transport: other }).drain();
    await one.drain();
    expect(transport.accepted).toEqual([id]);
    expect(other.asked).toEqual([]);
  });

  it('leaves mails claimed by another worker after its lease ran out: no renewal, no outcome, no send', async () => {
    const ids = await enqueue(2);
    const { db: flaky, state } = reachable(db());
    const lapsed = fakeTransport();
    lapsed.hold();
    const { log, said } = capturedLog();
    const one = worker({ db: flaky, transport: lapsed, leaseMs: 1_000, batchSize: 2, log });
    const newer = fakeTransport();
    newer.hold();
    const two = worker({ transport: newer, leaseMs: 60_000, batchSize: 2 });

    const runOne = one.runOnce();
    await until(() => lapsed.waiting() === 1);
    const [first, second] = [lapsed.asked[0]!, ids.find((id) => id !== lapsed.asked[0])!];
    state.away = true;
    await until(async () => (await stored(first)).due_in < 0 && (await stored(second)).due_in < 0);
    const runTwo = two.runOnce();
    await until(() => newer.waiting() === 1);
    const answered = state.answered;
    state.away = false;
    // The first worker's heartbeat answered again: it renewed nothing of the newer claims.
    await until(() => state.answered > answered);
    for (const id of [first, second]) {
      const row = await stored(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      expect(row.due_in).toBeGreaterThan(50);
    }

    // Its send fails: the failure is not recorded over the newer claim, and the rest of its
    // batch is not sent.
    lapsed.letGo(new Error('451 Mailbox busy'));
    expect(await runOne).toBe(2);
    expect(lapsed.asked).toEqual([first]);
    expect(said('mail claimed by another worker meanwhile; left to it')).toBe(true);
    const row = await stored(first);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, last_error: null });
    expect(row.due_in).toBeGreaterThan(50);

    newer.letGo();
    expect(await runTwo).toBe(2);
    expect(newer.accepted.toSorted()).toEqual(ids.toSorted());
    for (const id of [first, second]) expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the mail worker stopping', () => {
  it('records a mail sent before it stopped once the database is back within its grace', async () => {
    const [id] = (await enqueue(1)) as [string];
    const { db: flaky, state } = reachable(db());
    const transport = fakeTransport();
    transport.onAccept = () => {
      state.away = true;
    };
    const one = worker({ db: flaky, transport, leaseMs: 1_000 });
    const run = one.runOnce();
    await until(() => state.failed >= 2);
    const stopped = one.stop(60_000);
    state.away = false;
    await stopped;
    expect(await run).toBe(1);
    expect(await stored(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('gives the record up when its grace is over: the mail is due again once its lease runs out', async () => {
    const [id] = (await enqueue(1)) as [string];
    const { db: flaky, state } = reachable(db());
    const transport = fakeTransport();
    transport.onAccept = () => {
      state.away = true;
    };
    const { log, said } = capturedLog();
    const one = worker({ db: flaky, transport, log });
    const run = one.runOnce();
    await until(() => state.failed >= 1);
    await one.stop(100);
    expect(await run).toBe(1);
    expect(said('mail sent but not recorded before the worker stopped; it will be sent again')).toBe(true);
    const row = await stored(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.due_in).toBeLessThanOrEqual(LEASE_MS / 1000);
  });

  it('sends the mail under way, then releases the rest of its batch', async () => {
    const ids = await enqueue(3);
    const transport = fakeTransport();
    transport.hold();
    const one = worker({ transport, batchSize: 3 });
    const run = one.runOnce();
    await until(() => transport.waiting() === 1);
    const stopped = one.stop(60_000);
    transport.letGo();
    await stopped;
    expect(await run).toBe(3);
    const [sent] = transport.asked as [string];
    expect(transport.accepted).toEqual([sent]);
    expect(await stored(sent)).toMatchObject({ status: 'sent', attempts: 1 });
    for (const id of ids.filter((id) => id !== sent)) {
      const row = await stored(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
      expect(row.due_in).toBeLessThanOrEqual(0);
    }
  });
});
