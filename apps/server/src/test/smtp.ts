import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  /** Every mail accepted so far, parsed, with the recipients of its envelope and when it was accepted. */
  received: (ParsedMail & { envelopeTo: string[]; receivedAt: number })[];
  /** Mails whose data has arrived and which are not answered yet (with `delayMs`, for that long). */
  answering(): number;
  /** Refuses the next `count` mails with a 451 ("try again later"), as a busy server does. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port of this machine, keeping what it receives. With `delayMs`
 * it is a slow one: each mail is answered that long after its data arrived, and kept only if
 * the client is still there to hear the answer (one killed meanwhile never learns its mail went,
 * as with a server that commits a mail as it answers).
 */
export async function startSmtpServer({ delayMs = 0 }: { delayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: TestSmtpServer['received'] = [];
  const gone = new Set<string>();
  let answering = 0;
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        async (mail) => {
          answering += 1;
          if (delayMs > 0) await sleep(delayMs);
          answering -= 1;
          if (!gone.has(session.id)) {
            const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
            received.push(Object.assign(mail, { envelopeTo, receivedAt: Date.now() }));
          }
          callback();
        },
        (error: Error) => callback(error),
      );
    },
    onClose(session) {
      gone.add(session.id);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    answering: () => answering,
    refuseNext(count) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
