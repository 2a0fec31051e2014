import type { Order, Shipment } from '@habi/shared';
import { ExternalLink, Truck } from 'lucide-react';
import { CopyButton } from '../../../components/ui/copy-button.tsx';

const shippedFormat = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The shipment an ordered line left in, if it has shipped. */
export function shipmentOf(order: Order, lineId: string): Shipment | undefined {
  return order.shipments?.find((shipment) => shipment.lines.includes(lineId));
}

/** Who carries a shipped line: the courier, the tracking number to copy, and the courier's tracking page. */
export function ShipmentTracking({ shipment }: { shipment: Shipment }) {
  const shipped = shippedFormat.format(new Date(`${shipment.shippedOn}T00:00:00Z`));
  return (
    <div className="mt-3 rounded-xl border border-line bg-paper p-3 text-sm" data-testid="shipment-tracking">
      <p className="flex items-center gap-2 font-semibold text-ink">
        <Truck aria-hidden="true" className="size-4 shrink-0 text-muted" />
        <span className="min-w-0">
          {shipment.deliveredAt ? 'Delivered by' : 'Shipped with'} {shipment.courierName}
          <span className="font-normal text-muted"> · {shipped}</span>
        </span>
      </p>
      {shipment.trackingNumber && (
        <div className="mt-2 flex items-center justify-between gap-2">
          <p className="min-w-0">
            <span className="block text-xs text-muted">Tracking number</span>
            <span className="font-mono font-semibold break-all text-ink">{shipment.trackingNumber}</span>
          </p>
          <CopyButton text={shipment.trackingNumber} what="tracking number" />
        </div>
      )}
      {shipment.trackingUrl && (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex items-center gap-1.5 font-semibold text-accent-dark underline-offset-4 hover:underline"
        >
          Track your parcel on {shipment.courierName}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}
