import { formatPHP, TRANSFER_ACCOUNT_KIND_LABELS, type TransferAccount } from '@habi/shared';
import { MailLayout, paragraph, type RenderedMail, renderHtml } from './layout.tsx';
import { type MailOrder, OrderTotals, totalsText } from './order-details.tsx';

/** What happened to an order's payment, as its mail tells it. */
export type PaymentEvent =
  | { kind: 'payment-received'; amount: string }
  | { kind: 'payment-rejected'; reference: string; reason: string }
  | { kind: 'order-lapsed' }
  | { kind: 'refund-issued'; amount: string; reference: string | null };

function wording(event: PaymentEvent, order: MailOrder) {
  switch (event.kind) {
    case 'payment-received':
      return {
        subject: `Payment received for order ${order.reference}`,
        says: `We received your payment of ${formatPHP(event.amount)} for your order ${order.reference}. Thank you!`,
      };
    case 'payment-rejected':
      return {
        subject: `We could not find your payment for order ${order.reference}`,
        says: `We could not confirm the transfer with reference ${event.reference}: ${event.reason}. Please check it and send the reference again from your orders, or reply to this mail.`,
      };
    case 'order-lapsed':
      return {
        subject: `Order ${order.reference} was cancelled`,
        says: `We did not receive the payment for your order ${order.reference} in time, so it was cancelled and its items went back on sale. You can order them again at any time.`,
      };
    case 'refund-issued':
      return {
        subject: `Refund of ${formatPHP(event.amount)} for order ${order.reference}`,
        says: `We refunded ${formatPHP(event.amount)} for your order ${order.reference}${event.reference ? ` (reference ${event.reference})` : ''}. It may take a few days to reach you.`,
      };
  }
}

/** A payment received, a transfer not found, an order cancelled unpaid, a refund: with the totals. */
export function paymentMail(storeName: string, event: PaymentEvent, order: MailOrder): RenderedMail {
  const { subject, says } = wording(event, order);
  const footer = `You receive this mail because you placed an order at ${storeName}.`;
  const html = renderHtml(
    <MailLayout storeName={storeName} title={subject} footer={footer}>
      <p style={paragraph}>Hi {order.customerName},</p>
      <p style={paragraph}>{says}</p>
      <OrderTotals order={order} />
    </MailLayout>,
  );
  const text = [storeName, '', `Hi ${order.customerName},`, '', says, '', totalsText(order), '', footer].join(
    '\n',
  );
  return { subject, html, text };
}

/** Where to send a transfer: each of the shop's accounts on a line. */
export function accountLines(accounts: readonly TransferAccount[]): string[] {
  return accounts.map(
    (a) =>
      `${a.kind === 'bank' ? (a.bankName ?? 'Bank') : TRANSFER_ACCOUNT_KIND_LABELS[a.kind]}: ${a.accountName}, ${a.accountNumber}`,
  );
}
