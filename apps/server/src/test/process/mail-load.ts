import type { TestSmtpServer } from '../smtp.ts';
import { type Customer, placeOrder, type ShopProduct } from './shop.ts';

/** What the mail tests measure: printed, and kept in decision 009. */
export interface MailFigures {
  /** Mails the outbox held in all. */
  mails: number;
  /** Messages the SMTP server accepted more than once (same Message-ID), counted once each extra time. */
  duplicates: number;
  [figure: string]: number;
}

/** Places `count` orders (a confirmation mail each), a few at a time. */
export async function placeOrders(base: string, customer: Customer, product: ShopProduct, count: number) {
  for (let placed = 0; placed < count; placed += 5) {
    const statuses = await Promise.all(
      Array.from({ length: Math.min(5, count - placed) }, async () => {
        return (await placeOrder(base, customer, product)).status;
      }),
    );
    if (statuses.some((status) => status !== 201)) throw new Error(`orders: ${statuses.join(', ')}`);
  }
}

/** The Message-IDs the SMTP server accepted, each with how many times. */
export function acceptedTimes(smtp: TestSmtpServer): Map<string, number> {
  const times = new Map<string, number>();
  for (const mail of smtp.received)
    times.set(mail.messageId ?? '', (times.get(mail.messageId ?? '') ?? 0) + 1);
  return times;
}

/** Messages accepted more than once: each extra acceptance counts one. */
export function duplicates(smtp: TestSmtpServer): number {
  return [...acceptedTimes(smtp).values()].reduce((sum, times) => sum + times - 1, 0);
}

export function printFigures(name: string, figures: MailFigures) {
  console.log(`mail figures, ${name}: ${JSON.stringify(figures)}`);
}
