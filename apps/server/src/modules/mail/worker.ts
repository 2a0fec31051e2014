import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { claimDue, markFailed, markSent, type OutboxRow, release } from './outbox.ts';
import type { MailTransport } from './transports.ts';

export interface MailWorkerOptions {
  transport: MailTransport;
  from: { name: string; address: string };
  log: FastifyBaseLogger;
  /** Wait between looks for due mail. */
  pollMs: number;
  /** Mails claimed at a time. */
  batchSize?: number;
  /** How long a claim holds: longer than any send can take (see transports.ts's timeouts). */
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
   * Stops polling and waits (at most `graceMs`) for the mail being sent. Claimed mails not yet
   * sent are released; a send cut off by the wait is retried once its lease runs out.
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

/** Sends the outbox's mail; every instance runs one, and each mail is claimed by one of them. */
export function createMailWorker(db: Db, options: MailWorkerOptions): MailWorker {
  const { transport, from, log, pollMs, batchSize = 10, leaseMs = 5 * 60_000, maxAttempts = 8 } = options;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;

  async function send(row: OutboxRow) {
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
      const reason = describeError(error);
      const outcome = await markFailed(db, row, reason, maxAttempts);
      const said = { mailId: row.id, kind: row.kind, attempts: row.attempts, error: reason };
      if (outcome === 'failed') log.error(said, 'mail failed for good');
      else log.warn(said, 'mail not sent; it will be retried');
      return;
    }
    await markSent(db, row.id);
    log.debug({ mailId: row.id, kind: row.kind }, 'mail sent');
  }

  async function runOnce() {
    if (stopping) return 0;
    const claimed = await claimDue(db, { limit: batchSize, leaseMs });
    for (const [i, row] of claimed.entries()) {
      if (stopping) {
        await release(
          db,
          claimed.slice(i).map((r) => r.id),
        );
        break;
      }
      await send(row);
    }
    return claimed.length;
  }

  async function drain() {
    while ((await runOnce()) > 0);
  }

  function poll() {
    polling = drain()
      .catch((error) => log.warn({ error: describeError(error) }, 'mail worker could not reach the outbox'))
      .finally(() => {
        polling = undefined;
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
      if (polling) await Promise.race([polling, sleep(graceMs, undefined, { ref: false })]);
      transport.close();
    },
  };
}
