import {
  formatPHP,
  type ItemStatus,
  orderReference,
  PAYMENT_METHOD_LABELS,
  STORE_TIME_ZONE,
  type TransferAccount,
} from '@habi/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, orderItems, orders, products } from '../../db/schema.ts';
import { enqueueMail, type NewMail } from './outbox.ts';
import { itemStatusMail, type MailedStatus } from './templates/item-status.tsx';
import type { MailOrder, MailOrderLine } from './templates/order-details.tsx';
import { orderPlacedMail } from './templates/order-placed.tsx';
import { accountLines, type PaymentEvent, paymentMail } from './templates/payment.tsx';
import { type MailShipment, type ShipmentEvent, shipmentMail } from './templates/shipment.tsx';

/** What order mails need from the configuration. */
export interface MailSettings {
  storeName: string;
}

/** The statuses a customer is told about, in the order their mails are written. */
const MAILED: { status: MailedStatus; kind: string }[] = [
  { status: 'toReceive', kind: 'item-shipped' },
  { status: 'delivered', kind: 'item-delivered' },
  { status: 'cancelled', kind: 'item-cancelled' },
];

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/**
 * What an order's mails show of it: its lines named by their product's current name (the line's
 * own name when the product is gone).
 */
function mailOrder(order: OrderRow, items: { item: ItemRow; product: string | null }[]) {
  const summary: MailOrder = {
    // As the customer's orders page names it.
    reference: orderReference(order.id),
    customerName: order.customerName,
    shippingAddress: order.shippingAddress,
    paymentMethod: PAYMENT_METHOD_LABELS[order.paymentMethod],
    subtotal: order.subtotal,
    discount: order.discountCode === null ? null : { code: order.discountCode, amount: order.discountAmount },
    shippingFee: order.shippingFee,
    tax: order.tax,
    total: order.total,
    itemCount: items.reduce((n, { item }) => n + item.quantity, 0),
  };
  const lines = items.map(({ item, product }) => ({
    id: item.id,
    line: {
      product: product ?? item.name,
      variation: item.variation,
      size: item.size,
      quantity: item.quantity,
      price: item.price,
      deliveryFee: item.deliveryFee,
      deliveryDate: item.deliveryDate,
    } satisfies MailOrderLine,
  }));
  return { order: summary, lines };
}

/** The order, its lines and its customer's address, read in the caller's transaction. */
async function loadOrder(tx: Executor, orderId: string) {
  const [row] = await tx
    .select({ order: orders, recipient: customers.email })
    .from(orders)
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const items = await tx
    .select({ item: orderItems, product: products.name })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { recipient: row.recipient, ...mailOrder(row.order, items) };
}

/**
 * The order's confirmation, made from what the transaction that places it writes: the order, its
 * lines in order, and the names of their products as it read them. The caller writes it in that
 * transaction, so it exists exactly when the order does.
 */
export function orderConfirmation(
  placed: {
    recipient: string;
    order: OrderRow;
    items: ItemRow[];
    productNames: Map<string, string>;
    /** Where a transfer goes: the shop's accounts. */
    accounts: readonly TransferAccount[];
  },
  settings: MailSettings,
): NewMail {
  const { order, lines } = mailOrder(
    placed.order,
    placed.items.map((item) => ({
      item,
      product: (item.productId && placed.productNames.get(item.productId)) ?? null,
    })),
  );
  return {
    kind: 'order-placed',
    recipient: placed.recipient,
    ...orderPlacedMail(
      settings.storeName,
      order,
      lines.map((l) => l.line),
      howToPay(placed.order, placed.accounts),
    ),
  };
}

/** What the shopper does next to pay, a paragraph a line. */
function howToPay(order: OrderRow, accounts: readonly TransferAccount[]): string[] {
  const total = formatPHP(order.total);
  if (order.paymentMethod === 'cod') return [`Pay the rider ${total} on delivery.`];
  const due = order.paymentDueBy
    ? new Date(order.paymentDueBy).toLocaleString('en-PH', {
        timeZone: STORE_TIME_ZONE,
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';
  if (order.paymentMethod === 'transfer') {
    return [
      `Please send exactly ${total} by ${due} to one of these accounts:`,
      ...accountLines(accounts),
      'Then enter the transfer’s reference number on your order (My Orders). Unpaid orders are cancelled after that time.',
    ];
  }
  return [`Pay ${total} online by ${due}; unpaid orders are cancelled after that time.`];
}

/**
 * Tells the customer what happened to their order's payment, in the caller's transaction. A
 * customer whose account is gone is not written to.
 */
export async function mailPayment(
  tx: Executor,
  orderId: string,
  event: PaymentEvent,
  settings: MailSettings,
): Promise<void> {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded?.recipient) return;
  await enqueueMail(tx, {
    kind: event.kind,
    recipient: loaded.recipient,
    ...paymentMail(settings.storeName, event, loaded.order),
  });
}

/**
 * Tells the customer of the lines a status update moved to toReceive, delivered or cancelled,
 * in the update's transaction: one mail per status reached, listing every line that reached
 * it. An admin ships or cancels an order's lines together, so one mail says so once rather
 * than once per line. `changed` holds only lines whose status changed, so the same update sent
 * again mails nothing. A customer whose account is gone is not written to.
 */
export async function mailStatusChanges(
  tx: Executor,
  orderId: string,
  changed: { id: string; status: ItemStatus }[],
  settings: MailSettings,
): Promise<void> {
  if (!changed.some((c) => MAILED.some((m) => m.status === c.status))) return;
  const loaded = await loadOrder(tx, orderId);
  if (!loaded?.recipient) return;
  for (const { status, kind } of MAILED) {
    const ids = new Set(changed.filter((c) => c.status === status).map((c) => c.id));
    const lines = loaded.lines.filter((l) => ids.has(l.id)).map((l) => l.line);
    if (lines.length === 0) continue;
    await enqueueMail(tx, {
      kind,
      recipient: loaded.recipient,
      ...itemStatusMail(settings.storeName, status, loaded.order, lines),
    });
  }
}

/** An exchange's replacement in a parcel: the line it replaces, in the variation and size sent. */
export interface ReplacementLine {
  line: string;
  /** Null where the exchange keeps the line's own. */
  variation: string | null;
  size: string | null;
}

/**
 * Tells the customer a shipment left (with its tracking link) or arrived, listing its lines (or,
 * for an exchange's replacement parcel, which holds none, the replacements it carries), in the
 * caller's transaction: the shipment's creation and its delivery each happen once, so each mail
 * goes once per shipment. A customer whose account is gone is not written to.
 */
export async function mailShipment(
  tx: Executor,
  orderId: string,
  event: ShipmentEvent,
  shipment: MailShipment & { lines: readonly string[] },
  settings: MailSettings,
  replacements: readonly ReplacementLine[] = [],
): Promise<void> {
  const loaded = await loadOrder(tx, orderId);
  if (!loaded?.recipient) return;
  const ids = new Set(shipment.lines);
  const lines = [
    ...loaded.lines.filter((l) => ids.has(l.id)).map((l) => l.line),
    ...replacements.flatMap((r) => {
      const replaced = loaded.lines.find((l) => l.id === r.line);
      return replaced
        ? [
            {
              ...replaced.line,
              variation: r.variation ?? replaced.line.variation,
              size: r.size ?? replaced.line.size,
            },
          ]
        : [];
    }),
  ];
  await enqueueMail(tx, {
    kind: `shipment-${event}`,
    recipient: loaded.recipient,
    ...shipmentMail(settings.storeName, event, loaded.order, shipment, lines),
  });
}
