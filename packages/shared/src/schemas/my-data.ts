import { z } from 'zod';
import { PasswordSchema } from './auth.ts';
import { SubscriberSchema } from './newsletter.ts';
import { OrderSchema } from './order.ts';

/** The name a customer's data download is saved under. */
export const MY_DATA_FILENAME = 'habi-my-data.json';

/** What a wrong password answers when a customer confirms a step with theirs. */
export const WRONG_PASSWORD_MESSAGE = 'Invalid password';

/** `DELETE /users/me`: the customer's current password, to confirm. */
export const DeleteAccountSchema = z.strictObject({ password: PasswordSchema });
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** When a sign-in session or a remembered browser started and when it ends. */
const PeriodSchema = z.object({ createdAt: z.string(), expiresAt: z.string() });

/**
 * `GET /users/me/export`: everything the store keeps about the signed-in customer, never a
 * password hash nor a session or device token.
 */
export const MyDataSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    contactNumber: z.string(),
    imageUrl: z.string(),
    createdAt: z.string(),
  }),
  shippingAddress: z.array(z.string()),
  /** Newest first, each with its lines and their statuses. */
  orders: z.array(OrderSchema),
  /** The sessions signed in now: the browser's user agent and network each was signed in from. */
  sessions: z.array(
    PeriodSchema.extend({ lastSeenAt: z.string(), userAgent: z.string(), network: z.string() }),
  ),
  /** The browsers remembered for sign-in throttling. */
  devices: z.array(PeriodSchema),
  /** The newsletter subscription of the account's address, if it ever subscribed. */
  newsletter: SubscriberSchema.omit({ _id: true }).nullable(),
});
export type MyData = z.infer<typeof MyDataSchema>;
