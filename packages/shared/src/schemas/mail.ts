import { z } from 'zod';
import { listQuerySchema } from './common.ts';

/** A mail's place in the outbox: waiting (or being sent), sent, or given up after its retries. */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** The back office's Emails table: newest first, searched by recipient or subject, one status or all. */
export const EmailListQuerySchema = listQuerySchema(['createdAt', 'recipient', 'subject']).extend({
  status: z.enum(EMAIL_STATUSES).optional(),
});
export type EmailListQuery = z.infer<typeof EmailListQuerySchema>;
export type EmailSort = NonNullable<EmailListQuery['sort']>;

/** A row of the Emails table. */
export const EmailSummarySchema = z.object({
  _id: z.string(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type EmailSummary = z.infer<typeof EmailSummarySchema>;

/** One mail with its parts, for the preview, and why its last attempt failed. */
export const EmailDetailSchema = EmailSummarySchema.extend({
  html: z.string(),
  text: z.string(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
});
export type EmailDetail = z.infer<typeof EmailDetailSchema>;
