import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A mail as the worker hands it to a transport. */
export interface OutgoingMail {
  /** The outbox row's id: the Message-ID is made from it, so a mail sent again is the same message. */
  id: string;
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function message(mail: OutgoingMail) {
  const domain = mail.from.address.split('@').pop();
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
    messageId: `<${mail.id}@${domain}>`,
  };
}

/**
 * Sends through the SMTP server of `url`. The worker renews its claim however long a send takes
 * (worker.ts), so these timeouts only bound how long a server that stopped answering keeps a
 * mail: the send fails, and the mail is retried after its backoff.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail(message(mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * Writes each mail as `<id>.eml` in `dir`, the raw message nodemailer would have sent: any mail
 * program opens it. Written whole, then renamed, so a reader never sees half a mail; a mail
 * written again replaces its file.
 */
export function fileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    kind: 'file',
    async send(mail) {
      const info = await composer.sendMail(message(mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${mail.id}.eml`);
      await writeFile(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
    },
    close: () => composer.close(),
  };
}

/** SMTP when SMTP_URL is set, otherwise files under DATA_DIR/mail. */
export function openMailTransport(mail: { smtpUrl: string | undefined; dir: string }): MailTransport {
  return mail.smtpUrl ? smtpTransport(mail.smtpUrl) : fileTransport(mail.dir);
}
