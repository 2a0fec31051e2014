import { z } from 'zod';
import { EmailSchema, listQuerySchema } from './common.ts';

/**
 * A subscriber's state: asked to confirm (double opt-in), subscribed, or unsubscribed. The row
 * stays after unsubscribing, so an address gets one welcome code ever.
 */
export const SUBSCRIBER_STATUSES = ['pending', 'subscribed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const NEWSLETTER_MESSAGES = {
  /** The same answer whatever the address's state, so the form tells no one who subscribed. */
  checkInbox: 'Almost there! Check your inbox and confirm your subscription.',
  confirmed: 'You are subscribed.',
  badLink: 'This link is not valid or has expired. Subscribe again from the footer to get a new one.',
  unsubscribed: 'You are unsubscribed. You will get no more newsletter mail from us.',
} as const;

/** `POST /newsletter/subscribe`. */
export const NewsletterSubscribeSchema = z.strictObject({ email: EmailSchema });
export type NewsletterSubscribeInput = z.infer<typeof NewsletterSubscribeSchema>;

/** A link's token: 32 random bytes, base64url. */
export const NewsletterTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: NEWSLETTER_MESSAGES.badLink });

/** `POST /newsletter/confirm`: the token of the confirmation mail's link. */
export const NewsletterConfirmSchema = z.strictObject({ token: NewsletterTokenSchema });
/** `POST /newsletter/unsubscribe?token=`: in the query, where one-click unsubscribe (RFC 8058) puts it. */
export const NewsletterUnsubscribeQuerySchema = z.strictObject({ token: NewsletterTokenSchema });

/** What confirming answers: the address's welcome code, and whether an order used it already. */
export const NewsletterConfirmedSchema = z.object({
  message: z.string(),
  email: z.string(),
  code: z.string(),
  codeUsed: z.boolean(),
});
export type NewsletterConfirmed = z.infer<typeof NewsletterConfirmedSchema>;

/** The back office's Subscribers table: newest first, searched by address, one status or all. */
export const SubscriberListQuerySchema = listQuerySchema(['createdAt', 'email', 'status']).extend({
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
});
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;
export type SubscriberSort = NonNullable<SubscriberListQuery['sort']>;
/** The same filters, for the CSV of every matching subscriber. */
export const SubscriberExportQuerySchema = SubscriberListQuerySchema.pick({
  q: true,
  status: true,
  sort: true,
  order: true,
});
export type SubscriberExportQuery = z.infer<typeof SubscriberExportQuerySchema>;

export const SubscriberSchema = z.object({
  _id: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  /** When the address first subscribed. */
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  /** The welcome code, once confirmed; whether an order has used it. */
  code: z.string().nullable(),
  codeUsed: z.boolean(),
});
export type Subscriber = z.infer<typeof SubscriberSchema>;

/** The name the back office's CSV is saved under. */
export const SUBSCRIBERS_CSV_FILENAME = 'habi-subscribers.csv';
