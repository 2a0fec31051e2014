import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { startSmtpServer } from '../smtp.ts';
import { acceptedTimes, duplicates, placeOrders, printFigures } from './mail-load.ts';
import { api, logLines, type Server, startServer, tempDataDir, until } from './server-process.ts';
import { addProduct, placeOrder, signInAdmin, signUp } from './shop.ts';

/** Places one order of a ₱1,234.00 product (FREE delivery, so ₱1,357.40 with tax). */
async function placeOneOrder(server: Server) {
  const product = await addProduct(server.url, await signInAdmin(server.url), 'Mail Tee', '1234.00');
  const placed = await placeOrder(server.url, await signUp(server.url), product);
  expect(placed.status).toBe(201);
}

async function stop(server: Server) {
  server.child.kill('SIGTERM');
  expect((await server.exited).code).toBe(0);
  expect(logLines(server).at(-1)?.msg).toMatch(/^SIGTERM: stopped in \d+ ms \(drained\)$/);
}

describe('mail from a running server', () => {
  it('writes the order confirmation as a .eml file under DATA_DIR/mail, then stops cleanly', async () => {
    const data = await tempDataDir();
    const server = await startServer({ DATA_DIR: data.dir, MAIL_POLL_INTERVAL: '0.1' });
    try {
      await placeOneOrder(server);
      const dir = path.join(data.dir, 'mail');
      // The shopper is mailed the link to verify the address too; the order's is the one to read.
      const mail = await until(async () => {
        const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
        const mails = await Promise.all(
          files.map(async (f) => simpleParser(await readFile(path.join(dir, f)))),
        );
        return mails.find((m) => m.subject === 'Your Habi order is confirmed');
      }, 'the confirmation file');
      expect(mail.text).toContain('Order total: ₱1,357.40');
      await stop(server);
    } finally {
      server.child.kill('SIGKILL');
      await data.remove();
    }
  });

  it('sends it through SMTP_URL when set', async () => {
    const smtp = await startSmtpServer();
    const data = await tempDataDir();
    const server = await startServer({ DATA_DIR: data.dir, SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '0.1' });
    try {
      await placeOneOrder(server);
      const mail = await until(
        () => smtp.received.find((m) => m.subject === 'Your Habi order is confirmed'),
        'the mail',
      );
      expect(mail.text).toContain('1 × ₱1,234.00 = ₱1,234.00');
      await stop(server);
      // The link to verify the shopper's address and the confirmation, each once; the worker
      // sends a batch side by side, so they may arrive in either order.
      expect(smtp.received.map((m) => m.subject).sort()).toEqual([
        'Verify your email address for Habi',
        'Your Habi order is confirmed',
      ]);
    } finally {
      server.child.kill('SIGKILL');
      await data.remove();
      await smtp.close();
    }
  });

  it('sends every mail within 30 s of a restart after a kill -9 mid-send, those the dead process held too', async () => {
    // A slow SMTP server: the worker is always in the middle of a batch when the process dies.
    const smtp = await startSmtpServer({ delayMs: 250 });
    const data = await tempDataDir();
    const env = { DATA_DIR: data.dir, SMTP_URL: smtp.url, MAIL_POLL_INTERVAL: '0.2' };
    let server = await startServer(env);
    try {
      const admin = await signInAdmin(server.url);
      const product = await addProduct(server.url, admin, 'Crash Tee');
      await placeOrders(server.url, await signUp(server.url), product, 30);
      // Killed while a send waits for its answer: the mails before it are sent and recorded.
      await until(() => smtp.received.length >= 3 && smtp.answering() > 0, 'a send under way');
      server.child.kill('SIGKILL');
      await server.exited;
      const killedAt = Date.now();
      const sentBeforeKill = acceptedTimes(smtp).size;

      server = await startServer(env);
      const restartedAt = Date.now();
      const emails = async () =>
        (await api(server.url, '/api/admin/emails?limit=100', { cookie: admin })).json() as {
          status: string;
          attempts: number;
        }[];
      const all = await until(
        async () => {
          const rows = await emails();
          const done = rows.every((row) => row.status === 'sent') && acceptedTimes(smtp).size === rows.length;
          return done ? rows : null;
        },
        'every mail to go out after the restart',
        30_000,
      );
      const figures = {
        mails: all.length,
        sentBeforeKill,
        // Claimed by the dead process, then again after the restart.
        claimedAtKill: all.filter((row) => row.attempts === 2).length,
        restartMs: restartedAt - killedAt,
        allSentAfterRestartMs: Math.max(...smtp.received.map((m) => m.receivedAt)) - restartedAt,
        duplicates: duplicates(smtp),
      };
      printFigures('kill -9 mid-send, embedded database', figures);
      // The 30 confirmations and the link to verify the shopper's address.
      expect(figures.mails).toBe(31);
      expect(figures.claimedAtKill).toBeGreaterThan(0);
      expect(figures.allSentAfterRestartMs).toBeLessThan(30_000);
      // Only a mail the SMTP server accepted in the instant before the kill, unrecorded, goes twice.
      expect(figures.duplicates).toBeLessThanOrEqual(1);
      await stop(server);
    } finally {
      server.child.kill('SIGKILL');
      await data.remove();
      await smtp.close();
    }
  });
});
