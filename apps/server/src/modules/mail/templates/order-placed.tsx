import { colours, MailLayout, paragraph, type RenderedMail, renderHtml } from './layout.tsx';
import {
  linesText,
  type MailOrder,
  type MailOrderLine,
  OrderLines,
  OrderTotals,
  totalsText,
} from './order-details.tsx';

/** The confirmation of an order just placed: every line, the delivery and the totals. */
export function orderPlacedMail(
  storeName: string,
  order: MailOrder,
  lines: MailOrderLine[],
  howToPay: readonly string[],
): RenderedMail {
  const subject = `Your ${storeName} order is confirmed`;
  const intro = `Thank you for your order ${order.reference}. We will write again when it ships.`;
  const footer = `You receive this mail because you placed an order at ${storeName}.`;
  const html = renderHtml(
    <MailLayout storeName={storeName} title={subject} footer={footer}>
      <p style={paragraph}>Hi {order.customerName},</p>
      <p style={paragraph}>{intro}</p>
      <OrderLines lines={lines} />
      <OrderTotals order={order} />
      <p style={{ ...paragraph, fontSize: 13, color: colours.inkSoft, whiteSpace: 'pre-line' }}>
        <strong>Shipping to:</strong> {order.shippingAddress}
        <br />
        <strong>Payment:</strong> {order.paymentMethod}
      </p>
      <p style={{ ...paragraph, whiteSpace: 'pre-line' }}>{howToPay.join('\n')}</p>
    </MailLayout>,
  );
  const text = [
    storeName,
    '',
    `Hi ${order.customerName},`,
    '',
    intro,
    '',
    linesText(lines),
    '',
    totalsText(order),
    '',
    `Shipping to: ${order.shippingAddress}`,
    `Payment: ${order.paymentMethod}`,
    '',
    ...howToPay,
    '',
    footer,
  ].join('\n');
  return { subject, html, text };
}
