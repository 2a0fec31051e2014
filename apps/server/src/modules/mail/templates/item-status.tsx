import { MailLayout, paragraph, type RenderedMail, renderHtml } from './layout.tsx';
import {
  linesText,
  type MailOrder,
  type MailOrderLine,
  OrderLines,
  OrderTotals,
  totalsText,
} from './order-details.tsx';

/** The item statuses a customer is told about. */
export type MailedStatus = 'toReceive' | 'delivered' | 'cancelled';

const WORDING: Record<MailedStatus, { subject: string; says: (reference: string, many: boolean) => string }> =
  {
    toReceive: {
      subject: 'Shipped',
      says: (reference, many) =>
        `Good news: ${many ? 'these items' : 'this item'} of your order ${reference} shipped.`,
    },
    delivered: {
      subject: 'Delivered',
      says: (reference, many) =>
        `${many ? 'These items' : 'This item'} of your order ${reference} ${many ? 'were' : 'was'} delivered. We hope you love ${many ? 'them' : 'it'}.`,
    },
    cancelled: {
      subject: 'Cancelled',
      says: (reference, many) =>
        `${many ? 'These items' : 'This item'} of your order ${reference} ${many ? 'were' : 'was'} cancelled and will not be delivered.`,
    },
  };

/**
 * Items of an order that reached a status together: "Shipped: Linen Shirt" (and how many more),
 * those lines, and the order's totals.
 */
export function itemStatusMail(
  storeName: string,
  status: MailedStatus,
  order: MailOrder,
  lines: MailOrderLine[],
): RenderedMail {
  const wording = WORDING[status];
  const [first] = lines;
  const more = lines.length > 1 ? ` and ${lines.length - 1} more` : '';
  const subject = `${wording.subject}: ${first?.product ?? order.reference}${more}`;
  const says = wording.says(order.reference, lines.length > 1);
  const footer = `You receive this mail because you placed an order at ${storeName}.`;
  const html = renderHtml(
    <MailLayout storeName={storeName} title={subject} footer={footer}>
      <p style={paragraph}>Hi {order.customerName},</p>
      <p style={paragraph}>{says}</p>
      <OrderLines lines={lines} />
      <p style={{ ...paragraph, fontWeight: 600 }}>Your order {order.reference}</p>
      <OrderTotals order={order} />
    </MailLayout>,
  );
  const text = [
    storeName,
    '',
    `Hi ${order.customerName},`,
    '',
    says,
    '',
    linesText(lines),
    '',
    `Your order ${order.reference}`,
    totalsText(order),
    '',
    footer,
  ].join('\n');
  return { subject, html, text };
}
