import {
  CANCELLABLE_RETURN_STATUSES,
  type CreateReturnSchema,
  exchangeProblem,
  type ItemStatus,
  LIVE_RETURN_STATUSES,
  lineShares,
  NOT_RESTOCKED_REASONS,
  parseCentavos,
  RETURN_MESSAGES,
  RETURN_PHOTOS_MAX,
  type RefundReturnInput,
  type ReplacementShipmentSchema,
  type ReturnRequest,
  type ReturnStatus,
  returnRefusal,
  stockLeftMessage,
  storeDate,
  toDecimal,
} from '@habi/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.ts';
import { orderItems, orders, products, returnRequests } from '../../db/schema.ts';
import { badInput, conflict, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { type AuditRead, type Recorder, unrecorded } from '../audit/index.ts';
import type { MailSettings } from '../mail/index.ts';
import { lockOrder, refreshPaymentStatus } from '../orders/index.ts';
import { moveStock } from '../products/index.ts';
import { shipReplacement } from '../shipments/index.ts';

import { mailReturn } from './return-mails.ts';
import { deliveredDays, getReturn, readReturnSettings } from './returns-read.ts';

// Returns and exchanges of delivered items. Every change to a request takes its order's locks
// first (its lines, then its row: `lockOrder`, the order every writer of an order takes them in),
// then the request's row, then stock rows (in key order, `moveStock`), so two at once take turns.

type RequestRow = typeof returnRequests.$inferSelect;
type NewReturn = z.output<typeof CreateReturnSchema>;
type Parcel = z.output<typeof ReplacementShipmentSchema>;

const centavos = (decimal: string) => parseCentavos(decimal) ?? 0;

/** The request a store cannot apply as asked (outside the window): 422 with the message. */
const unprocessable = (message: string, errors?: Record<string, string>) =>
  new HttpError(422, message, errors);

// Writes.

/** Today's date in the store's time zone; a seam for tests. */
export const clock = { today: () => storeDate(new Date()) };

/** The line asked about, its order locked (lines, then row). 404 for no such line, 403 for another's. */
async function lockedLine(tx: Executor, itemId: string, customerId: string) {
  const [found] = await tx
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, itemId));
  if (!found) throw notFound(RETURN_MESSAGES.itemNotFound);
  const order = await lockOrder(tx, found.orderId);
  if (!order) throw notFound(RETURN_MESSAGES.itemNotFound);
  if (order.customerId !== customerId) throw forbidden();
  const lines = await tx
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position));
  const item = lines.find((line) => line.id === itemId);
  if (!item) throw notFound(RETURN_MESSAGES.itemNotFound);
  return { order, lines, item };
}

/**
 * A shopper's return or exchange of one of their delivered lines (all its units), with a note.
 * Refused, with nothing written: a line not theirs (403) or not delivered, one with a live
 * request (409), outside the window (422, naming it), an exchange to a variation or size the
 * product does not sell (400) or has too few of (409, "Only N left"). An exchange takes the new
 * variation and size from stock at once, by the update checkout uses (never below zero), so of
 * two exchanges racing for the last one exactly one gets it.
 */
export function createReturn(
  db: Db,
  customerId: string,
  input: NewReturn,
  mail: MailSettings,
): Promise<ReturnRequest> {
  return db.transaction(async (tx) => {
    const { order, lines, item } = await lockedLine(tx, input.itemId, customerId);
    const [live] = await tx
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(
        and(
          eq(returnRequests.orderItemId, item.id),
          inArray(returnRequests.status, [...LIVE_RETURN_STATUSES]),
        ),
      );
    const settings = await readReturnSettings(tx);
    const deliveredOn = (await deliveredDays(tx, [item])).get(item.id)!;
    const refusal = returnRefusal({
      status: item.status as ItemStatus,
      deliveredOn,
      hasLiveRequest: live !== undefined,
      reason: input.reason,
      today: clock.today(),
      windowDays: settings.windowDays,
    });
    if (refusal === RETURN_MESSAGES.window(settings.windowDays)) throw unprocessable(refusal);
    if (refusal) throw conflict(refusal);

    let exchange: { variation: string; size: string } | null = null;
    let stockHeld = false;
    if (input.kind === 'exchange') {
      const [product] = item.productId
        ? await tx.select().from(products).where(eq(products.id, item.productId))
        : [];
      if (!product) throw conflict(RETURN_MESSAGES.productGone);
      exchange = { variation: input.variation ?? item.variation, size: input.size ?? item.size };
      const problem = exchangeProblem(product, item, exchange);
      if (problem) throw badInput(problem.message, { [problem.field]: problem.message });
      const { short, missing } = await moveStock(tx, [
        { line: 0, productId: product.id, ...exchange, delta: -item.quantity },
      ]);
      if (short.length > 0) {
        const left = stockLeftMessage(short[0]!.available);
        throw conflict(RETURN_MESSAGES.exchangeShort, { size: left }, short);
      }
      stockHeld = !missing.has(0);
    }

    // A return gives back the line's share of what the order cost (`lineShares`, as a
    // cancelled line does): its items less its part of the discount, its delivery fee, its tax.
    const shares = lineShares(
      lines.map((line) => ({ price: line.price, quantity: line.quantity, fee: Number(line.deliveryFee) })),
      centavos(order.discountAmount),
      centavos(order.tax),
    );
    const share = shares[lines.indexOf(item)] ?? 0;
    const [row] = await tx
      .insert(returnRequests)
      .values({
        orderId: order.id,
        orderItemId: item.id,
        customerId,
        kind: input.kind,
        reason: input.reason,
        note: input.note ?? '',
        deliveredOn,
        productId: item.productId,
        exchangeVariation: exchange?.variation ?? null,
        exchangeSize: exchange?.size ?? null,
        stockHeld,
        refundAmount: toDecimal(input.kind === 'return' ? share : 0),
      })
      .returning({ id: returnRequests.id });
    await mailReturn(tx, row!.id, { kind: 'requested' }, mail);
    return getReturn(tx, row!.id);
  });
}

/**
 * A request locked for a change, its order locked first. 404 for none; `customerId`: only that
 * shopper's (403 for another's).
 */
async function lockedRequest(tx: Executor, id: string, customerId?: string): Promise<RequestRow> {
  const [found] = await tx
    .select({ orderId: returnRequests.orderId })
    .from(returnRequests)
    .where(eq(returnRequests.id, id));
  if (!found) throw notFound(RETURN_MESSAGES.notFound);
  await lockOrder(tx, found.orderId);
  const [row] = await tx.select().from(returnRequests).where(eq(returnRequests.id, id)).for('update');
  if (!row) throw notFound(RETURN_MESSAGES.notFound);
  if (customerId !== undefined && row.customerId !== customerId) throw forbidden();
  return row;
}

/** A request as its audit rows keep it, locked as its steps lock it (its order first); null for none. */
export const auditedReturn: AuditRead = async (tx, id) => {
  try {
    return await lockedRequest(tx, id);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
};

/** The exchange's held variation and size back on sale, when it holds some. */
async function releaseHeld(tx: Executor, row: RequestRow) {
  if (!row.stockHeld || row.productId === null) return;
  const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, row.orderItemId));
  await moveStock(tx, [
    {
      line: 0,
      productId: row.productId,
      variation: row.exchangeVariation ?? '',
      size: row.exchangeSize ?? '',
      delta: item!.quantity,
    },
  ]);
}

async function setStatus(
  tx: Executor,
  row: RequestRow,
  status: ReturnStatus,
  changes: Partial<typeof returnRequests.$inferInsert> = {},
) {
  await tx
    .update(returnRequests)
    .set({ status, updatedAt: sql`now()`, ...changes })
    .where(eq(returnRequests.id, row.id));
}

/** A shopper's own request cancelled before its parcel is received; held stock goes back. */
export function cancelReturn(db: Db, customerId: string, id: string, mail: MailSettings) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id, customerId);
    if (!CANCELLABLE_RETURN_STATUSES.includes(row.status)) throw conflict(RETURN_MESSAGES.cannotCancel);
    await releaseHeld(tx, row);
    await setStatus(tx, row, 'cancelled', { stockHeld: false });
    await mailReturn(tx, id, { kind: 'cancelled' }, mail);
    return getReturn(tx, id);
  });
}

/** The shop accepts a request waiting for it: the shopper is asked to send the item back. */
export function approveReturn(db: Db, id: string, mail: MailSettings) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status !== 'requested') throw conflict(RETURN_MESSAGES.notRequested);
    await setStatus(tx, row, 'approved');
    await mailReturn(tx, id, { kind: 'approved' }, mail);
    return getReturn(tx, id);
  });
}

/** The shop refuses a request waiting for it, saying why; held stock goes back. */
export function refuseReturn(db: Db, id: string, reason: string, mail: MailSettings) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status !== 'requested') throw conflict(RETURN_MESSAGES.notRequested);
    await releaseHeld(tx, row);
    await setStatus(tx, row, 'refused', { stockHeld: false, refusedReason: reason });
    await mailReturn(tx, id, { kind: 'refused', reason }, mail);
    return getReturn(tx, id);
  });
}

/**
 * The parcel is back: its item goes back on sale unless it is damaged or the reason was a defect;
 * a return's amount is credited on the order, so the ledger shows it as a refund due.
 */
export function receiveReturn(db: Db, id: string, damagedInput: boolean, mail: MailSettings) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.status !== 'approved') throw conflict(RETURN_MESSAGES.notApproved);
    const damaged = damagedInput || NOT_RESTOCKED_REASONS.includes(row.reason);
    const [item] = await tx.select().from(orderItems).where(eq(orderItems.id, row.orderItemId));
    if (!damaged && item!.productId !== null) {
      // A product that no longer tracks stock (no row) takes nothing back.
      await moveStock(tx, [
        {
          line: 0,
          productId: item!.productId,
          variation: item!.variation,
          size: item!.size,
          delta: item!.quantity,
        },
      ]);
    }
    if (row.kind === 'return') {
      await tx
        .update(orders)
        .set({ returnsCredit: sql`${orders.returnsCredit} + ${row.refundAmount}` })
        .where(eq(orders.id, row.orderId));
      await refreshPaymentStatus(tx, row.orderId);
    }
    await setStatus(tx, row, 'received', { damaged });
    await mailReturn(tx, id, { kind: 'received', damaged }, mail);
    return getReturn(tx, id);
  });
}

/** An exchange received: its replacement ships as a shipment of its own, with its tracking. */
export function shipExchange(db: Db, id: string, parcel: Parcel, mail: MailSettings) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.kind !== 'exchange' || row.status !== 'received') {
      throw conflict(RETURN_MESSAGES.notReceivedExchange);
    }
    const shipment = await shipReplacement(tx, row.orderId, parcel);
    // What was held has left the shop: it stays taken.
    await setStatus(tx, row, 'exchanged', { stockHeld: false, replacementShipmentId: shipment._id });
    await mailReturn(
      tx,
      id,
      {
        kind: 'exchanged',
        courierName: shipment.courierName,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl,
      },
      mail,
    );
    return getReturn(tx, id);
  });
}

/** What records a refund in the payments ledger (the payments module's own refund). */
export type RecordRefund = (
  orderId: string,
  input: { amount: string; reference?: string; note?: string },
  admin: string,
  record: Recorder,
) => Promise<unknown>;

/**
 * A return received, refunded: its amount, never more than the order still has paid and not
 * refunded, goes into the payments ledger through the payments module's refund (cash and
 * transfers by hand with their reference, online payments through PayMongo), which mails the
 * refund. The request is claimed first (received -> refunded), so of two at once one refunds;
 * when the ledger refuses, the claim is undone. Nothing paid (cash not collected): nothing to
 * give back, the credit alone settles it.
 */
export async function refundReturn(
  db: Db,
  id: string,
  input: RefundReturnInput,
  admin: string,
  recordRefund: RecordRefund,
  mail: MailSettings,
  /** The request's audit rows: the refund, and its taking back when the money could not go. */
  record: Recorder,
): Promise<ReturnRequest> {
  const claimed = await db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id);
    if (row.kind !== 'return' || row.status !== 'received') throw conflict(RETURN_MESSAGES.notReceivedReturn);
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    const kept = centavos(order!.amountPaid) - centavos(order!.amountRefunded);
    const amount = Math.max(0, Math.min(centavos(row.refundAmount), kept));
    if (amount > 0 && order!.paymentMethod !== 'online' && !input.reference) {
      throw badInput(RETURN_MESSAGES.refundReference, { reference: RETURN_MESSAGES.refundReference });
    }
    await setStatus(tx, row, 'refunded', { refundedAmount: toDecimal(amount) });
    await record(tx, { action: 'refund', id, before: row, after: await lockedRequest(tx, id) });
    return { orderId: row.orderId, amount, updatedAt: row.updatedAt };
  });
  if (claimed.amount > 0) {
    try {
      await recordRefund(
        claimed.orderId,
        {
          amount: toDecimal(claimed.amount),
          ...(input.reference ? { reference: input.reference } : {}),
          note: input.note ?? `Return ${id.slice(0, 8)}`,
        },
        admin,
        // This request's row tells the refund and its amount.
        unrecorded,
      );
    } catch (error) {
      await db.transaction(async (tx) => {
        const taken = await tx
          .update(returnRequests)
          // As it was: a refund refused leaves no trace but the audit log's.
          .set({ status: 'received', refundedAmount: null, updatedAt: claimed.updatedAt })
          .where(and(eq(returnRequests.id, id), eq(returnRequests.status, 'refunded')))
          .returning({ id: returnRequests.id });
        if (taken.length > 0) await record(tx, { action: 'refund-taken-back', id });
      });
      throw error;
    }
  }
  return db.transaction(async (tx) => {
    await mailReturn(tx, id, { kind: 'refunded', amount: toDecimal(claimed.amount) }, mail);
    return getReturn(tx, id);
  });
}

// Photos.

/** The names of a request's photos; who may see them is the route's to decide. */
export async function photosOf(
  db: Executor,
  id: string,
): Promise<{ customerId: string | null; photos: string[] }> {
  const [row] = await db
    .select({ customerId: returnRequests.customerId, photos: returnRequests.photos })
    .from(returnRequests)
    .where(eq(returnRequests.id, id));
  if (!row) throw notFound(RETURN_MESSAGES.notFound);
  return row;
}

/** A request the shopper may still add a photo to: theirs, waiting for the shop, fewer than 3. */
export function assertTakesPhoto(
  row: Pick<RequestRow, 'customerId' | 'status' | 'photos'>,
  customerId: string,
) {
  if (row.customerId !== customerId) throw forbidden();
  if (!CANCELLABLE_RETURN_STATUSES.includes(row.status)) throw conflict(RETURN_MESSAGES.photoLate);
  if (row.photos.length >= RETURN_PHOTOS_MAX)
    throw conflict(RETURN_MESSAGES.photos, { photo: RETURN_MESSAGES.photos });
}

/** Names a stored photo on the request, checked again under the lock. */
export function attachPhoto(db: Db, id: string, customerId: string, name: string) {
  return db.transaction(async (tx) => {
    const row = await lockedRequest(tx, id, customerId);
    assertTakesPhoto(row, customerId);
    await tx
      .update(returnRequests)
      .set({ photos: sql`array_append(${returnRequests.photos}, ${name})`, updatedAt: sql`now()` })
      .where(eq(returnRequests.id, id));
    return getReturn(tx, id);
  });
}
