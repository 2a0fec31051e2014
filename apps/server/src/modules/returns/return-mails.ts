import { orderReference } from '@habi/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderItems, orders, returnRequests } from '../../db/schema.ts';
import { enqueueMail, type MailSettings, type ReturnEvent, returnMail } from '../mail/index.ts';

type ItemRow = typeof orderItems.$inferSelect;

/** Tells the shopper of a step of their request, in the step's transaction. */
export async function mailReturn(tx: Executor, id: string, event: ReturnEvent, settings: MailSettings) {
  const [row] = await tx
    .select({
      request: returnRequests,
      item: orderItems,
      customerName: orders.customerName,
      recipient: sql<string | null>`(select email from customers where id = ${orders.customerId})`,
    })
    .from(returnRequests)
    .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .where(eq(returnRequests.id, id));
  // A shopper whose account is gone is not written to.
  if (!row?.recipient) return;
  const { request, item } = row;
  const choice = (variation: string, size: string, like: ItemRow) =>
    [variation && variation !== like.variation ? variation : '', size ? `size ${size}` : '']
      .filter(Boolean)
      .join(', ');
  const described = [item.name, item.size ? `size ${item.size}` : '', `× ${item.quantity}`].filter(Boolean);
  await enqueueMail(tx, {
    kind: `return-${event.kind}`,
    recipient: row.recipient,
    ...returnMail(settings.storeName, event, {
      reference: orderReference(request.orderId),
      customerName: row.customerName,
      kind: request.kind,
      reason: request.reason,
      item: described.join(', '),
      exchangeFor:
        request.kind === 'exchange'
          ? choice(request.exchangeVariation ?? '', request.exchangeSize ?? '', item) || null
          : null,
      refundAmount: request.refundAmount,
    }),
  });
}
