import { randomUUID } from 'node:crypto';
import {
  addressLine,
  deriveOrderStatus,
  type ItemStatus,
  type Order,
  type OrderStatus,
  PAYMENT_METHOD_NAMES,
  type PlaceOrderInput,
  toDecimal,
} from '@habi/shared';
import type { CustomerRow, orderItems, orders } from '../../db/schema.ts';
import { type MailSettings, mailRow, orderConfirmation } from '../mail/index.ts';
import type { PaymentTerms } from '../payment-settings/index.ts';
import { resolveAddress } from '../places/index.ts';
import { paymentOf } from './payment-state.ts';
import type { Priced } from './pricing.ts';

export type OrderRow = typeof orders.$inferSelect;
export type ItemRow = typeof orderItems.$inferSelect;

/** An order's rows as the API answers them. */
export function toOrder(order: OrderRow, items: ItemRow[]): Order {
  return {
    _id: order.id,
    orderId: order.id,
    status: order.status as OrderStatus,
    user: order.customerName,
    userId: order.customerId,
    products: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      productStatus: item.status as ItemStatus,
      price: item.price,
      size: item.size,
      deliveryOption: { date: item.deliveryDate, fee: Number(item.deliveryFee) },
    })),
    shippingAddress: order.shippingAddress,
    ...(order.shippingAddressParts ? { shippingAddressParts: order.shippingAddressParts } : {}),
    paymentMethod: PAYMENT_METHOD_NAMES[order.paymentMethod],
    subtotal: order.subtotal,
    shippingFee: order.shippingFee,
    tax: order.tax,
    totalFee: order.total,
    total: order.total,
    // Only on orders placed with a code: an order without one carries no discount fields at all.
    ...(order.discountCode === null
      ? {}
      : { discountCode: order.discountCode, discountAmount: order.discountAmount }),
    createdAt: new Date(order.createdAt).toISOString(),
    paymentStatus: order.paymentStatus,
    amountPaid: order.amountPaid,
    amountRefunded: order.amountRefunded,
    payment: paymentOf(order, items),
  };
}

/**
 * The rows an order is stored as, its ids made here: the order, placed at `now` (the database's
 * time, as the column's default would have it) to be paid on `terms`, its lines, and its
 * confirmation mail to `email` (with where to send a transfer).
 * The lines are also given by product: inserted in that order, the Best Collections counters they
 * raise at commit are locked in one order by every checkout (see migration 0010), so two never
 * wait on each other in a circle.
 */
export function orderRows(
  customer: CustomerRow,
  email: string,
  input: PlaceOrderInput,
  { summary, code, items, productNames }: Priced,
  now: string,
  mail: MailSettings,
  terms: PaymentTerms,
) {
  // A structured address (checked against the PSGC list: 400 before anything is written) ships
  // to the line built from its parts.
  const parts = input.addressParts ? resolveAddress(input.addressParts, 'addressParts') : null;
  const order: OrderRow = {
    id: randomUUID(),
    customerId: customer.id,
    customerName: customer.name,
    shippingAddress: parts ? addressLine(parts) : input.address,
    shippingAddressParts: parts,
    paymentMethod: terms.method,
    status: deriveOrderStatus(items.map((i) => i.status)),
    subtotal: toDecimal(summary.subtotal),
    shippingFee: toDecimal(summary.shipping),
    tax: toDecimal(summary.tax),
    total: toDecimal(summary.total),
    discountCode: code?.code ?? null,
    discountAmount: toDecimal(summary.discount),
    createdAt: now,
    paymentStatus: 'unpaid',
    amountPaid: '0.00',
    amountRefunded: '0.00',
    returnsCredit: '0.00',
    paymentDueBy: terms.dueBy,
    transferReference: null,
    transferProof: null,
    transferRejectedReason: null,
    checkoutSessionId: null,
    checkoutUrl: null,
    paymentReview: null,
  };
  const lines = items.map((item) => ({ ...item, id: randomUUID(), orderId: order.id }) satisfies ItemRow);
  return {
    order,
    lines,
    byProduct: [...lines].sort((a, b) =>
      a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0,
    ),
    // The confirmation exists exactly when the order does.
    mail: mailRow(
      orderConfirmation(
        { recipient: email, order, items: lines, productNames, accounts: terms.accounts },
        mail,
      ),
    ),
  };
}
