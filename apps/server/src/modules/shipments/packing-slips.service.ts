import { leftToPay, type PackingSlip, toDecimal } from '@habi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, orderItems, productStock } from '../../db/schema.ts';
import { getOrder } from '../orders/index.ts';

/**
 * The packing slips of the given orders, in the order given (an unknown one is 404): the lines
 * not cancelled with their variation and size, the customer's phone, and the cash a rider
 * collects, which is what a COD order still owes (`leftToPay`, as the payment section shows it).
 */
export async function packingSlips(db: Executor, orderIds: readonly string[]): Promise<PackingSlip[]> {
  const ids = [...new Set(orderIds)];
  const read = [];
  for (const id of ids) read.push(await getOrder(db, id));
  // The order as read has no variation, and only the back office's single read has the phone.
  // A line's SKU is its variation and size's now, for the packer to pick by (none once untracked).
  const lines = new Map(
    (
      await db
        .select({ id: orderItems.id, variation: orderItems.variation, sku: productStock.sku })
        .from(orderItems)
        .leftJoin(
          productStock,
          and(
            eq(productStock.productId, orderItems.productId),
            eq(productStock.variation, orderItems.variation),
            eq(productStock.size, orderItems.size),
          ),
        )
        .where(inArray(orderItems.orderId, ids))
    ).map((line) => [line.id, line]),
  );
  const customerIds = [...new Set(read.flatMap((order) => (order.userId ? [order.userId] : [])))];
  const phones = new Map(
    customerIds.length === 0
      ? []
      : (
          await db
            .select({ id: customers.id, phone: customers.contactNumber })
            .from(customers)
            .where(inArray(customers.id, customerIds))
        ).map((c) => [c.id, c.phone]),
  );
  return read.map((order) => {
    const shipped = new Set(order.shipments?.flatMap((shipment) => shipment.lines) ?? []);
    const cod = order.payment.method === 'cod';
    return {
      orderId: order._id,
      createdAt: order.createdAt,
      customerName: order.user,
      contactNumber: (order.userId && phones.get(order.userId)) || null,
      shippingAddress: order.shippingAddress,
      ...(order.shippingAddressParts && { shippingAddressParts: order.shippingAddressParts }),
      paymentMethod: order.payment.method,
      collect: toDecimal(cod ? leftToPay(order.payment) : 0),
      items: order.products
        .filter((line) => line.productStatus !== 'cancelled')
        .map((line) => ({
          name: line.name,
          variation: lines.get(line._id)?.variation ?? '',
          sku: lines.get(line._id)?.sku ?? null,
          size: line.size,
          quantity: line.quantity,
          shipped: shipped.has(line._id),
        })),
    };
  });
}
