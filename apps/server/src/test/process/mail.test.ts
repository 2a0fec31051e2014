import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { startSmtpServer } from '../smtp.ts';
import { logLines, type Server, startServer, tempDataDir, until } from './server-process.ts';
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
      const file = await until(
        async () => (await readdir(dir).catch(() => [] as string[])).find((f) => f.endsWith('.eml')),
        'the confirmation file',
      );
      const mail = await simpleParser(await readFile(path.join(dir, file)));
      expect(mail.subject).toBe('Your Habi order is confirmed');
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
      const [mail] = await until(() => (smtp.received.length > 0 ? smtp.received : null), 'the mail');
      expect(mail!.subject).toBe('Your Habi order is confirmed');
      expect(mail!.text).toContain('1 × ₱1,234.00 = ₱1,234.00');
      await stop(server);
      expect(smtp.received).toHaveLength(1);
    } finally {
      server.child.kill('SIGKILL');
      await data.remove();
      await smtp.close();
    }
  });
});
