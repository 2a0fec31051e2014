import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { COURIER_IDS, normaliseTrackingNumber, trackingNumberProblem } from '../couriers.ts';
import { IdSchema, singleLineText } from './common.ts';

export const SHIPMENT_MESSAGES = {
  lines: 'Choose the items to ship',
  courier: 'Choose a courier',
  courierName: 'Name the rider or courier',
  shippedOn: 'Enter the date it shipped',
  shippedAfterToday: 'The date shipped cannot be after today',
} as const;

/** A parcel cannot have shipped on a day still to come in the store's time zone ("YYYY-MM-DD"s). */
export const shippedAfterToday = (shippedOn: string, today: string) => shippedOn > today;

export const CourierIdSchema = z.enum(COURIER_IDS, { message: SHIPMENT_MESSAGES.courier });

/**
 * `POST /shipments`: some of an order's lines, handed to a courier. The tracking number is
 * trimmed and upper-cased, then checked against the courier's shape (`trackingNumberProblem`);
 * "Own rider / other" needs the rider's or company's name.
 */
export const CreateShipmentSchema = z
  .strictObject({
    orderId: IdSchema,
    lines: z
      .array(IdSchema, { message: SHIPMENT_MESSAGES.lines })
      .min(1, { message: SHIPMENT_MESSAGES.lines })
      .max(LIMITS.cartLinesMax, { message: SHIPMENT_MESSAGES.lines }),
    courier: CourierIdSchema,
    courierName: singleLineText().trim().max(60, { message: 'At most 60 characters' }).optional(),
    trackingNumber: singleLineText()
      .max(60, { message: 'At most 60 characters' })
      .transform(normaliseTrackingNumber),
    shippedOn: z.iso.date({ message: SHIPMENT_MESSAGES.shippedOn }),
  })
  .superRefine((input, ctx) => {
    if (input.courier === 'other' && !input.courierName) {
      ctx.addIssue({ code: 'custom', path: ['courierName'], message: SHIPMENT_MESSAGES.courierName });
    }
    const problem = trackingNumberProblem(input.courier, input.trackingNumber);
    if (problem) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: problem });
  });
export type CreateShipmentInput = z.input<typeof CreateShipmentSchema>;

/** A shipment as read, on its order (`Order.shipments`) and from the shipment routes. */
export const ShipmentSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  courier: CourierIdSchema,
  /** The courier's name, or the own rider's as typed. */
  courierName: z.string(),
  trackingNumber: z.string(),
  /** The courier's tracking page for this number; null for an own rider. */
  trackingUrl: z.string().nullable(),
  /** "YYYY-MM-DD". */
  shippedOn: z.string(),
  deliveredAt: z.string().nullable(),
  /** The ids of the order's lines (`products[]._id`) in this shipment. */
  lines: z.array(z.string()),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

export const ShipmentResponseSchema = z.object({ message: z.string(), shipment: ShipmentSchema });
export type ShipmentResponse = z.infer<typeof ShipmentResponseSchema>;
