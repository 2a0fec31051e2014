import { button, MailLayout, paragraph, type RenderedMail, renderHtml } from './layout.tsx';
import { linesText, type MailOrder, type MailOrderLine, OrderLines } from './order-details.tsx';

/** A shipment as its mails show it. */
export interface MailShipment {
  courierName: string;
  trackingNumber: string;
  /** The courier's tracking page for the number; null for an own rider. */
  trackingUrl: string | null;
}

export type ShipmentEvent = 'shipped' | 'delivered';

function wording(event: ShipmentEvent, order: MailOrder, shipment: MailShipment) {
  const number = shipment.trackingNumber ? `, tracking number ${shipment.trackingNumber}` : '';
  return event === 'shipped'
    ? {
        subject: `Your order ${order.reference} is on its way`,
        says: `These items of your order ${order.reference} left with ${shipment.courierName}${number}.`,
      }
    : {
        subject: `Delivered: your order ${order.reference}`,
        says: `These items of your order ${order.reference} were delivered by ${shipment.courierName}${number}. We hope you love them.`,
      };
}

/** A parcel that left ("on its way", with its tracking link) or arrived, listing its lines. */
export function shipmentMail(
  storeName: string,
  event: ShipmentEvent,
  order: MailOrder,
  shipment: MailShipment,
  lines: MailOrderLine[],
): RenderedMail {
  const { subject, says } = wording(event, order, shipment);
  const track = event === 'shipped' ? shipment.trackingUrl : null;
  const footer = `You receive this mail because you placed an order at ${storeName}.`;
  const html = renderHtml(
    <MailLayout storeName={storeName} title={subject} footer={footer}>
      <p style={paragraph}>Hi {order.customerName},</p>
      <p style={paragraph}>{says}</p>
      {track && (
        <p style={paragraph}>
          <a href={track} style={button}>
            Track your parcel
          </a>
        </p>
      )}
      <OrderLines lines={lines} />
    </MailLayout>,
  );
  const text = [
    storeName,
    '',
    `Hi ${order.customerName},`,
    '',
    says,
    ...(track ? ['', `Track your parcel: ${track}`] : []),
    '',
    linesText(lines),
    '',
    footer,
  ].join('\n');
  return { subject, html, text };
}
