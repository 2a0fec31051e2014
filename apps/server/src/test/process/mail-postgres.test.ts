import { execSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../smtp.ts';
import { acceptedTimes, duplicates, placeOrders, printFigures } from './mail-load.ts';
import {
  type Database,
  freshDatabase,
  logLines,
  type Server,
  startServer,
  tempDataDir,
  until,
} from './server-process.ts';
import { addProduct, type Customer, type ShopProduct, signInAdmin, signUp } from './shop.ts';

// Mail through a crash and PostgreSQL's faults: every mail goes out soon after, and once unless
// the process died between the SMTP server's answer and the record of it (decision 009). Needs
// DATABASE_URL (a role that may create databases); the restart test also HABI_TEST_PG_CTL.
const baseUrl = process.env.DATABASE_URL;
const pgCtl = process.env.HABI_TEST_PG_CTL;

interface Shop {
  database: Database;
  smtp: TestSmtpServer;
  server: Server;
  env: Record<string, string>;
  customer: Customer;
  product: ShopProduct;
  close(): Promise<void>;
}

/** A server on a database of its own, mailing through an SMTP server answering after `delayMs`. */
async function openShop(delayMs: number): Promise<Shop> {
  const database = await freshDatabase(baseUrl!);
  const data = await tempDataDir();
  const smtp = await startSmtpServer({ delayMs });
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: data.dir,
    DATABASE_POOL_SIZE: '4',
    SMTP_URL: smtp.url,
    MAIL_POLL_INTERVAL: '0.2',
  };
  const server = await startServer(env);
  const shop: Shop = {
    database,
    smtp,
    env,
    server,
    product: await addProduct(server.url, await signInAdmin(server.url), 'Mail Fault Tee'),
    customer: await signUp(server.url),
    async close() {
      shop.server.child.kill('SIGKILL');
      await shop.server.exited;
      await data.remove();
      await database.drop();
      await smtp.close();
    },
  };
  return shop;
}

interface Mail {
  status: string;
  attempts: number;
  /** From the mail's event to its (first) record as sent. */
  waited_ms: number;
}

/** The outbox's mails; asked again when the test's own connection was one of those terminated. */
const outbox = (shop: Shop) =>
  until(
    () =>
      shop.database
        .query<Mail>(
          `select status, attempts,
                  extract(epoch from coalesce(sent_at, now()) - created_at)::float8 * 1000 as waited_ms
           from outbox`,
        )
        .catch(() => null),
    'the outbox',
  );

/** The outbox once every mail in it is recorded as sent and the SMTP server has each one. */
async function allSent(shop: Shop): Promise<Mail[] | null> {
  const mails = await outbox(shop);
  const done =
    mails.every((mail) => mail.status === 'sent') && acceptedTimes(shop.smtp).size === mails.length;
  return done ? mails : null;
}

const lastAcceptedAt = (smtp: TestSmtpServer) => Math.max(...smtp.received.map((mail) => mail.receivedAt));
const longestWait = (mails: Mail[]) => Math.round(Math.max(...mails.map((mail) => mail.waited_ms)));
const logged = (server: Server, msg: string) => logLines(server).filter((line) => line.msg === msg).length;

/** The shop's customer is mailed the link to verify the address at sign-up, besides the orders' mail. */
const SIGN_UP_MAILS = 1;

describe.runIf(baseUrl)('mail on PostgreSQL through a crash and database faults', () => {
  it('sends every mail within 30 s of a restart after a kill -9 mid-send, those the dead process held too', async () => {
    const shop = await openShop(250);
    try {
      await placeOrders(shop.server.url, shop.customer, shop.product, 30);
      // Killed while a send waits for its answer: the mails before it are sent and recorded.
      await until(() => shop.smtp.received.length >= 3 && shop.smtp.answering() > 0, 'a send under way');
      shop.server.child.kill('SIGKILL');
      await shop.server.exited;
      const killedAt = Date.now();
      const [atKill] = await shop.database.query<{ claimed: number; pending: number }>(
        `select count(*) filter (where attempts > 0)::int as claimed, count(*)::int as pending
         from outbox where status = 'pending'`,
      );

      shop.server = await startServer(shop.env);
      const restartedAt = Date.now();
      const mails = await until(() => allSent(shop), 'every mail to go out after the restart', 30_000);
      const figures = {
        mails: mails.length,
        pendingAtKill: atKill!.pending,
        claimedAtKill: atKill!.claimed,
        restartMs: restartedAt - killedAt,
        allSentAfterRestartMs: lastAcceptedAt(shop.smtp) - restartedAt,
        longestWaitMs: longestWait(mails),
        duplicates: duplicates(shop.smtp),
      };
      printFigures('kill -9 mid-send, PostgreSQL', figures);
      expect(figures.mails).toBe(30 + SIGN_UP_MAILS);
      expect(figures.claimedAtKill).toBeGreaterThan(0);
      expect(figures.allSentAfterRestartMs).toBeLessThan(30_000);
      // Only a mail the SMTP server accepted in the instant before the kill, unrecorded, goes twice.
      expect(figures.duplicates).toBeLessThanOrEqual(1);
    } finally {
      await shop.close();
    }
  });

  it('sends each mail once while its connections are terminated as the SMTP server accepts mail', async () => {
    const shop = await openShop(20);
    try {
      await placeOrders(shop.server.url, shop.customer, shop.product, 60);
      let terminations = 0;
      let lastTerminationAt = Date.now();
      // Each time the SMTP server has accepted another mail, every connection of the server is
      // terminated: the worker meets it recording that mail, renewing its claims or claiming more.
      while (!(await allSent(shop)) && terminations < 200) {
        const accepted = shop.smtp.received.length;
        await shop.database.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and backend_type = 'client backend' and usename = current_user`,
        );
        terminations += 1;
        lastTerminationAt = Date.now();
        await until(
          async () => shop.smtp.received.length > accepted || (await allSent(shop)),
          'another mail to go out',
          30_000,
        );
      }
      const mails = await until(() => allSent(shop), 'every mail to go out', 30_000);
      const figures = {
        mails: mails.length,
        terminations,
        recordsRetried: logged(shop.server, 'mail sent but not yet recorded; trying again'),
        renewalsFailed: logged(shop.server, 'mail worker could not renew its claims; it tries again'),
        claimsFailed: logged(shop.server, 'mail worker could not reach the outbox'),
        secondAttempts: mails.filter((mail) => mail.attempts > 1).length,
        allSentAfterLastFaultMs: Math.max(0, lastAcceptedAt(shop.smtp) - lastTerminationAt),
        longestWaitMs: longestWait(mails),
        duplicates: duplicates(shop.smtp),
      };
      printFigures('connections terminated, PostgreSQL', figures);
      expect(figures.mails).toBe(60 + SIGN_UP_MAILS);
      expect(figures.duplicates).toBe(0);
      expect(figures.allSentAfterLastFaultMs).toBeLessThan(30_000);
      expect(shop.server.child.exitCode).toBeNull();
    } finally {
      await shop.close();
    }
  });

  // Stopping the cluster needs the rights to do so (HABI_TEST_PG_CTL); .ci/run gives them.
  it.runIf(pgCtl)('sends each mail once when PostgreSQL restarts while one is being sent', async () => {
    const shop = await openShop(500);
    try {
      await placeOrders(shop.server.url, shop.customer, shop.product, 20);
      await until(() => shop.smtp.received.length >= 2 && shop.smtp.answering() > 0, 'a send under way');
      const accepted = shop.smtp.received.length;
      const stoppedAt = Date.now();
      let startedAt = stoppedAt;
      execSync(`${pgCtl} stop`, { stdio: 'ignore' });
      try {
        // The send under way is answered with the database away: its record waits for it.
        await until(
          () => logged(shop.server, 'mail sent but not yet recorded; trying again') > 0,
          'the record of a mail sent to fail',
          30_000,
        );
      } finally {
        execSync(`${pgCtl} start`, { stdio: 'ignore' });
        startedAt = Date.now();
      }
      const mails = await until(() => allSent(shop), 'every mail to go out after the restart', 30_000);
      const figures = {
        mails: mails.length,
        downMs: startedAt - stoppedAt,
        acceptedWhileDown: shop.smtp.received.filter(
          (mail, i) => i >= accepted && mail.receivedAt >= stoppedAt && mail.receivedAt <= startedAt,
        ).length,
        recordsRetried: logged(shop.server, 'mail sent but not yet recorded; trying again'),
        recordedOnceBack: logged(shop.server, 'mail sent; recorded once the database answered'),
        allSentAfterRestartMs: lastAcceptedAt(shop.smtp) - startedAt,
        longestWaitMs: longestWait(mails),
        duplicates: duplicates(shop.smtp),
      };
      printFigures('PostgreSQL restarted mid-send', figures);
      expect(figures.mails).toBe(20 + SIGN_UP_MAILS);
      expect(figures.recordedOnceBack).toBeGreaterThan(0);
      expect(figures.duplicates).toBe(0);
      expect(figures.allSentAfterRestartMs).toBeLessThan(30_000);
      expect(shop.server.child.exitCode).toBeNull();
    } finally {
      await shop.close();
    }
  });
});
