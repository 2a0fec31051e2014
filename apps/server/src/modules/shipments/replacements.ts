import type { CreateShipmentSchema, Shipment } from '@habi/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { shipments } from '../../db/schema.ts';
import { toShipment } from '../orders/index.ts';
import { refuseFutureDate } from './shipments.service.ts';

type Parcel = Pick<
  z.output<typeof CreateShipmentSchema>,
  'courier' | 'courierName' | 'trackingNumber' | 'shippedOn'
>;

/**
 * An exchanged item's replacement: a shipment of its own for the order, holding none of the
 * order's lines (the replacement is no new line: the returns module keeps what it replaces), in
 * the caller's transaction. Its mail is the caller's.
 */
export async function shipReplacement(tx: Executor, orderId: string, parcel: Parcel): Promise<Shipment> {
  refuseFutureDate(parcel.shippedOn);
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId,
      courier: parcel.courier,
      courierName: parcel.courier === 'other' ? (parcel.courierName ?? null) : null,
      trackingNumber: parcel.trackingNumber,
      shippedOn: parcel.shippedOn,
    })
    .returning();
  return toShipment(row!, []);
}
