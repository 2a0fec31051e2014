import { z } from 'zod';
import { PAYMENT_METHODS } from '../payments.ts';
import { AddressPartsSchema } from './address.ts';
import { IdSchema, MoneySchema } from './common.ts';

/** The most orders one packing-slip page prints: a day's packing at a small shop. */
export const PACKING_SLIPS_MAX = 50;

/**
 * `GET /shipments/packing-slips?orderId=…&orderId=…`: the orders to pack, in the order given
 * (one id, or several, repeated).
 */
export const PackingSlipsQuerySchema = z.strictObject({
  orderId: z.union([
    IdSchema.transform((id) => [id]),
    z
      .array(IdSchema)
      .min(1)
      .max(PACKING_SLIPS_MAX, { message: `Print at most ${PACKING_SLIPS_MAX} packing slips at once` }),
  ]),
});

/** What a packer puts in the box and hands the rider: one order's slip. */
export const PackingSlipSchema = z.object({
  orderId: z.string(),
  /** ISO instant the order was placed. */
  createdAt: z.string(),
  customerName: z.string(),
  /** The customer's phone, for the rider; null once the account is gone. */
  contactNumber: z.string().nullable(),
  shippingAddress: z.string(),
  /** A structured address's parts, printed as a courier reads them; absent for a typed one. */
  shippingAddressParts: AddressPartsSchema.optional(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** Cash the rider collects: what a COD order still owes, "0.00" for any other. */
  collect: MoneySchema,
  /** The lines not cancelled, in the order's order. */
  items: z.array(
    z.object({
      name: z.string(),
      variation: z.string(),
      size: z.string(),
      /** The variation and size's SKU, null when the product no longer tracks stock or is gone. */
      sku: z.string().nullable().optional(),
      quantity: z.number().int(),
      /** In a shipment already. */
      shipped: z.boolean(),
    }),
  ),
});
export type PackingSlip = z.infer<typeof PackingSlipSchema>;

export const PackingSlipsResponseSchema = z.object({ slips: z.array(PackingSlipSchema) });
export type PackingSlipsResponse = z.infer<typeof PackingSlipsResponseSchema>;
