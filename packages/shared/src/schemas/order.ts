import { z } from 'zod';
import {
  DELIVERY_FEES,
  ITEM_STATUSES,
  LIMITS,
  ORDER_STATUSES,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '../constants.ts';
import { AddressPartsInputSchema, AddressPartsSchema } from './address.ts';
import { IdSchema, listQuerySchema } from './common.ts';
import { EnteredCodeSchema } from './discount.ts';
import { OrderPaymentSchema, PaymentMethodSchema, PaymentStatusSchema } from './payment.ts';
import { ShipmentSchema } from './shipment.ts';
import { AddressSchema } from './user.ts';

export const ItemStatusSchema = z.enum(ITEM_STATUSES, { message: 'Unknown status' });
export const QuantitySchema = z
  .number({ message: 'Quantity must be a number' })
  .int({ message: 'Quantity must be a whole number' })
  .min(QUANTITY_MIN, { message: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}` })
  .max(QUANTITY_MAX, { message: `Quantity must be between ${QUANTITY_MIN} and ${QUANTITY_MAX}` });

/** 0, 50 or 100. Digit text ("50") reads as its number; '', null or [] are no fee, not FREE. */
export const DeliveryFeeSchema = z.preprocess(
  (fee) => (typeof fee === 'string' && /^\s*\d+\s*$/.test(fee) ? Number(fee) : fee),
  z
    .number({ message: 'Unknown delivery option' })
    .refine((fee) => (DELIVERY_FEES as number[]).includes(fee), { message: 'Unknown delivery option' }),
);

/** One cart line as sent with the order. */
export const OrderLineInputSchema = z.strictObject({
  id: IdSchema,
  name: z.string().max(LIMITS.productNameMax),
  imageUrl: z.string().max(500),
  price: z.string().max(20),
  size: z.string().max(20),
  quantity: QuantitySchema,
  deliveryOption: z.object({ date: z.string().max(100).optional(), fee: DeliveryFeeSchema }),
});
export type OrderLineInput = z.infer<typeof OrderLineInputSchema>;

/** `POST /orders/placed-order` body. */
export const PlaceOrderSchema = z.strictObject({
  userId: IdSchema,
  total: z.string().max(20),
  address: AddressSchema,
  /** A structured address: the order then ships to the line built from it, not `address`. */
  addressParts: AddressPartsInputSchema.optional(),
  cart: z
    .array(OrderLineInputSchema)
    .min(1, { message: 'Your cart is empty' })
    .max(LIMITS.cartLinesMax, { message: `At most ${LIMITS.cartLinesMax} lines per order` }),
  /** A discount code; without one nothing is taken off the subtotal. */
  discountCode: EnteredCodeSchema.optional(),
  /** How the shopper pays; without it, cash on delivery. */
  paymentMethod: PaymentMethodSchema.optional(),
});
export type PlaceOrderInput = z.infer<typeof PlaceOrderSchema>;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 8-100 letters, digits, - or _';
export const IdempotencyKeySchema = z
  .string({ message: IDEMPOTENCY_KEY_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { message: IDEMPOTENCY_KEY_MESSAGE });

/** `PATCH /orders/statusUpdate/{id}`: one status per ordered line, in order. */
export const StatusUpdateSchema = z.strictObject({
  updatedStatus: z.array(ItemStatusSchema).min(1).max(LIMITS.cartLinesMax),
  userId: z.string().max(100).optional(),
});

export const OrderedProductSchema = z.object({
  _id: z.string(),
  productId: z.string().nullable(),
  name: z.string(),
  imageUrl: z.string(),
  quantity: z.number(),
  productStatus: ItemStatusSchema,
  price: z.string(),
  size: z.string(),
  deliveryOption: z.object({ date: z.string(), fee: z.number() }),
});
export type OrderedProduct = z.infer<typeof OrderedProductSchema>;

export const OrderSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  user: z.string(),
  userId: z.string().nullable(),
  products: z.array(OrderedProductSchema),
  shippingAddress: z.string(),
  /** The parts of a structured address; absent for an address typed as one text. */
  shippingAddressParts: AddressPartsSchema.optional(),
  paymentMethod: z.string(),
  subtotal: z.string(),
  shippingFee: z.string(),
  tax: z.string(),
  totalFee: z.string(),
  total: z.string(),
  /** The code the order was placed with and what it took off; both absent without one. */
  discountCode: z.string().optional(),
  discountAmount: z.string().optional(),
  createdAt: z.string(),
  /** The payment's state, and the sums of the order's ledger (`payment` has the rest). */
  paymentStatus: PaymentStatusSchema,
  amountPaid: z.string(),
  amountRefunded: z.string(),
  payment: OrderPaymentSchema,
  /** The parcels its lines left in, oldest first. */
  shipments: z.array(ShipmentSchema).optional(),
  /** How to reach the customer, on one order as read (null once their account is gone). */
  contact: z.object({ email: z.string(), contactNumber: z.string() }).nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;

/**
 * An order as a role without `money:read` (fulfilment) reads it: its total, and on its payment
 * what a cash-on-delivery parcel collects; no line prices, subtotal, fees, discount or ledger sums.
 */
export const OrderWithoutMoneySchema = OrderSchema.omit({
  products: true,
  subtotal: true,
  shippingFee: true,
  tax: true,
  discountCode: true,
  discountAmount: true,
  amountPaid: true,
  amountRefunded: true,
  payment: true,
}).extend({
  products: z.array(OrderedProductSchema.omit({ price: true })),
  payment: OrderPaymentSchema.omit({ paid: true, refunded: true, refundDue: true, review: true }),
  moneyHidden: z.literal(true),
});
export type OrderWithoutMoney = z.infer<typeof OrderWithoutMoneySchema>;

/** An order as the back office reads it: whole, or without its money figures for the role. */
export const StaffOrderSchema = z.union([OrderSchema, OrderWithoutMoneySchema]);
export type StaffOrder = Order | OrderWithoutMoney;

/** Whether a read of the back office's (an order, a return) came with its money figures. */
export const withMoney = <T extends object>(read: T): read is Exclude<T, { moneyHidden: true }> =>
  !('moneyHidden' in read);

/** The order with its money figures left out (the schema drops every field it does not name). */
export const withoutMoney = (order: Order): OrderWithoutMoney =>
  OrderWithoutMoneySchema.parse({ ...order, moneyHidden: true });

export const PlaceOrderResponseSchema = z.object({
  message: z.string(),
  order: OrderSchema,
  /** An online order's PayMongo checkout page, where the web app sends the shopper. */
  checkoutUrl: z.string().optional(),
});
export const OrderStatusResponseSchema = z.object({ message: z.string(), status: z.enum(ORDER_STATUSES) });

export const OrderListQuerySchema = listQuerySchema(['user', 'total', 'createdAt']).extend({
  /** Only orders whose payment is in this state. */
  payment: PaymentStatusSchema.optional(),
  /** Only orders in this status. */
  status: z.enum(ORDER_STATUSES, { message: 'Unknown status' }).optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;
