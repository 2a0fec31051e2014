import type { EmailDetail, EmailListQuery, EmailSummary } from '@habi/shared';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { escapeLike } from '../../lib/sql.ts';
import { masked, type OutboxRow } from './outbox.ts';

const iso = (at: string) => new Date(at).toISOString();

const summaryColumns = {
  id: outbox.id,
  kind: outbox.kind,
  recipient: outbox.recipient,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

function toSummary(row: Pick<OutboxRow, keyof typeof summaryColumns>): EmailSummary {
  return {
    _id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    createdAt: iso(row.createdAt),
    sentAt: row.sentAt === null ? null : iso(row.sentAt),
  };
}

/** The back office's Emails table: searched by recipient or subject, sorted and paged on the server. */
export async function listEmails(db: Executor, query: EmailListQuery) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined;
  const where = and(
    pattern ? or(ilike(outbox.recipient, pattern), ilike(outbox.subject, pattern)) : undefined,
    query.status ? eq(outbox.status, query.status) : undefined,
  );
  const column =
    query.sort === 'recipient'
      ? outbox.recipient
      : query.sort === 'subject'
        ? outbox.subject
        : outbox.createdAt;
  const direction =
    (query.order ?? (query.sort && query.sort !== 'createdAt' ? 'asc' : 'desc')) === 'asc' ? asc : desc;
  const rows = await db
    .select(summaryColumns)
    .from(outbox)
    .where(where)
    // Ties, such as one recipient's mails, newest first.
    .orderBy(direction(column), desc(outbox.createdAt), desc(outbox.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(outbox).where(where);
  return { emails: rows.map(toSummary), total: total?.n ?? 0 };
}

/** One mail with its parts, for the preview. */
export async function getEmail(db: Executor, id: string): Promise<EmailDetail> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound('Email not found');
  return {
    ...toSummary(row),
    html: masked(row.html, row.secrets),
    text: masked(row.text, row.secrets),
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastError: row.lastError,
  };
}
