import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimDue, markFailed, markSent, type OutboxRow, release, renewClaims } from './outbox.ts';
import type { MailTransport } from './transports.ts';

/**
 * How long a claim holds unless renewed: a mail whose process died while holding it is due again
 * this long after the last renewal. The worker renews the claims it holds every quarter of it,
 * so the database may be away for three quarters of it before a claim can lapse.
 */
export const LEASE_MS = 20_000;

/** The longest wait between two tries at recording a mail sent while the database is away. */
const RECORD_RETRY_MAX_MS = 2_000;

export interface MailWorkerOptions {
  transport: MailTransport;
  from: { name: string; address: string };
  log: FastifyBaseLogger;
  /** Wait between looks for due mail. */
  pollMs: number;
  /** Mails claimed at a time. */
  batchSize?: number;
  /** How long a claim holds unless renewed (`LEASE_MS`); renewed every quarter of it while held. */
  leaseMs?: number;
  /** Attempts before a mail is given up as 'failed' (about a day of backoff). */
  maxAttempts?: number;
}

export interface MailWorker {
  /** Sends what is due now and polls for more until stopped. */
  start(): void;
  /** Claims one batch of due mail and sends it; returns how many mails it claimed. */
  runOnce(): Promise<number>;
  /** Sends until nothing is due. */
  drain(): Promise<void>;
  /**
   * Stops polling and waits (at most `graceMs`) for the mail being sent and its record. Claimed
   * mails not yet sent are released; a send or a record cut off by the wait is tried again once
   * its lease runs out.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * A failure as the back office and the log show it: its first line, short, and never the
 * credentials of a connection URL.
 */
export function describeError(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const first = (typeof message === 'string' ? message : String(error)).split('\n')[0] ?? '';
  const safe = first.replace(/\/\/[^\s/@]*@/g, '//');
  return (typeof code === 'string' ? `${code}: ${safe}` : safe).slice(0, 300);
}

/** One batch's claims while the worker holds them. */
interface Claims {
  /**
   * Whether the claim on `row` is still the worker's, asked before its send. When no renewal
   * has succeeded for half a lease (the database was away), the database is asked first; an
   * error then is the database's, and the batch ends.
   */
  confirm(row: OutboxRow): Promise<boolean>;
  /** `row` is done with: its claim is renewed no more, once a renewal under way has ended. */
  settle(row: OutboxRow): Promise<void>;
  /** The claims still held, neither settled nor lost. */
  held(): OutboxRow[];
  /** Stops renewing. */
  end(): void;
}

/**
 * Holds a batch's claims: renews their lease every quarter of it while the batch runs, each
 * claim named by its attempt count, so a worker whose lease ran out and was claimed again never
 * extends the newer claim, and drops the mail instead of sending it. `claimedAt` is the local
 * time the claim was asked at: the lease runs out no sooner than `leaseMs` after it.
 */
function holdClaims(
  db: Db,
  rows: OutboxRow[],
  claimedAt: number,
  { leaseMs, log, abandon }: { leaseMs: number; log: FastifyBaseLogger; abandon: AbortSignal },
): Claims {
  const held = new Map(rows.map((row) => [row.id, row]));
  let heldUntil = claimedAt + leaseMs;
  let renewing: Promise<void> | undefined;

  function renew(): Promise<void> {
    renewing ??= (async () => {
      const askedAt = performance.now();
      const claims = [...held.values()];
      const renewed = await renewClaims(db, claims, leaseMs);
      for (const row of claims) if (!renewed.has(row.id)) held.delete(row.id);
      heldUntil = askedAt + leaseMs;
    })().finally(() => {
      renewing = undefined;
    });
    return renewing;
  }

  const end = () => {
    clearInterval(heartbeat);
    abandon.removeEventListener('abort', end);
  };
  const heartbeat = setInterval(() => {
    renew().catch((error) =>
      log.warn({ error: describeError(error) }, 'mail worker could not renew its claims; it tries again'),
    );
  }, leaseMs / 4);
  // Like the poll's timer, it never keeps the process alive.
  heartbeat.unref();
  abandon.addEventListener('abort', end);

  return {
    async confirm(row) {
      if (held.get(row.id) === row && performance.now() > heldUntil - leaseMs / 2) await renew();
      return held.get(row.id) === row;
    },
    async settle(row) {
      held.delete(row.id);
      // A renewal that read the claim before it was settled must not land after its outcome.
      await renewing?.catch(() => {});
    },
    held: () => [...held.values()],
    end,
  };
}

/** Sends the outbox's mail; every instance runs one, and each mail is claimed by one of them. */
export function createMailWorker(db: Db, options: MailWorkerOptions): MailWorker {
  const { transport, from, log, pollMs, batchSize = 10, leaseMs = LEASE_MS, maxAttempts = 8 } = options;
  let started = false;
  let stopping = false;
  /** Aborted when stop's grace is over: what still runs gives up rather than outlive the database. */
  const abandon = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  /** The batches being sent, which stop waits for: the poll's, and those a caller asked for. */
  const running = new Set<Promise<number>>();

  /**
   * Records a mail the transport accepted. A record lost is the mail sent again, so while the
   * database is away it is tried again (the claim's heartbeat keeps its lease meanwhile, and
   * renews it once the database answers), until it is taken or stop's grace is over.
   */
  async function recordSent(row: OutboxRow) {
    const said = { mailId: row.id, kind: row.kind, attempts: row.attempts };
    for (let tries = 1; ; tries++) {
      try {
        await markSent(db, row.id);
        if (tries > 1) log.info({ ...said, tries }, 'mail sent; recorded once the database answered');
        return;
      } catch (error) {
        if (abandon.signal.aborted) {
          log.error(
            { ...said, error: describeError(error) },
            'mail sent but not recorded before the worker stopped; it will be sent again',
          );
          return;
        }
        if (tries === 1) {
          log.warn({ ...said, error: describeError(error) }, 'mail sent but not yet recorded; trying again');
        }
        const wait = Math.min(100 * 2 ** (tries - 1), RECORD_RETRY_MAX_MS);
        await sleep(wait, undefined, { ref: false, signal: abandon.signal }).catch(() => {});
      }
    }
  }

  async function send(row: OutboxRow, claims: Claims) {
    try {
      await transport.send({
        id: row.id,
        from,
        to: row.recipient,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: row.headers,
      });
    } catch (error) {
      // Settled first: a renewal must not move the retry's backoff back to the lease.
      await claims.settle(row);
      const reason = describeError(error);
      const said = { mailId: row.id, kind: row.kind, attempts: row.attempts, error: reason };
      try {
        const outcome = await markFailed(db, row, reason, maxAttempts);
        if (outcome === 'failed') log.error(said, 'mail failed for good');
        else log.warn(said, 'mail not sent; it will be retried');
      } catch (recordError) {
        // Unrecorded, the failure costs nothing: the claim runs out and the mail is tried again.
        log.warn(
          { ...said, recordError: describeError(recordError) },
          'mail not sent; it will be retried once its claim runs out',
        );
      }
      return;
    }
    await recordSent(row);
    await claims.settle(row);
    log.debug({ mailId: row.id, kind: row.kind }, 'mail sent');
  }

  function runOnce(): Promise<number> {
    if (stopping) return Promise.resolve(0);
    const run = sendBatch().finally(() => running.delete(run));
    running.add(run);
    return run;
  }

  async function sendBatch() {
    const claimedAt = performance.now();
    const claimed = await claimDue(db, { limit: batchSize, leaseMs });
    if (claimed.length === 0) return 0;
    const claims = holdClaims(db, claimed, claimedAt, { leaseMs, log, abandon: abandon.signal });
    try {
      for (const row of claimed) {
        if (stopping) break;
        if (await claims.confirm(row)) await send(row, claims);
        else
          log.warn(
            { mailId: row.id, kind: row.kind },
            'mail claimed by another worker meanwhile; left to it',
          );
      }
      if (stopping) await release(db, claims.held());
    } finally {
      claims.end();
    }
    return claimed.length;
  }

  async function drain() {
    while ((await runOnce()) > 0);
  }

  function poll() {
    drain()
      .catch((error) => log.warn({ error: describeError(error) }, 'mail worker could not reach the outbox'))
      .finally(() => {
        if (stopping) return;
        timer = setTimeout(poll, pollMs);
        // The worker never keeps the process alive: shutdown stops it, and a waiting timer is all it holds.
        timer.unref();
      });
  }

  return {
    start() {
      if (started || stopping) return;
      started = true;
      poll();
    },
    runOnce,
    drain,
    async stop(graceMs = 5_000) {
      stopping = true;
      clearTimeout(timer);
      const grace = new AbortController();
      await Promise.race([
        Promise.allSettled(running),
        sleep(graceMs, undefined, { ref: false, signal: grace.signal }).catch(() => {}),
      ]);
      grace.abort();
      abandon.abort();
      transport.close();
    },
  };
}
