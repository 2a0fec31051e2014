import {
  type Centavos,
  type LedgerEntry,
  type LedgerKind,
  leftToPay,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  parseCentavos,
  toDecimal,
} from '@habi/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, payments, paymongoRefunds } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { counters } from '../../lib/metrics.ts';
import { getOrder, type OrderRow, refreshPaymentStatus } from '../orders/index.ts';

export interface NewLedgerRow {
  orderId: string;
  kind: LedgerKind;
  amount: Centavos;
  method: PaymentMethod;
  reference?: string | null;
  /** PayMongo's payment or refund id: a second row with the same one is not written. */
  providerId?: string | null;
  note?: string | null;
  /** `admin:<username>`, `paymongo` or `store`. */
  recordedBy: string;
}

/** What is still owed on the order's lines not cancelled, after what the shop kept. */
export async function stillOwed(tx: Executor, orderId: string): Promise<Centavos> {
  return leftToPay((await getOrder(tx, orderId)).payment);
}

/** What can still be refunded of an order: what was paid less what was given back. */
export const refundable = (order: OrderRow): Centavos =>
  (parseCentavos(order.amountPaid) ?? 0) - (parseCentavos(order.amountRefunded) ?? 0);

/**
 * Appends a row to the ledger in the caller's transaction, which holds the order locked
 * (`lockOrder`), and brings the order's payment status up to date. The row's trigger adds it to
 * the order's sums. A refund beyond what is refundable is refused (409) before anything is
 * written. False, and nothing written, when a row with the same kind and provider id exists.
 */
export async function appendLedger(tx: Executor, order: OrderRow, row: NewLedgerRow): Promise<boolean> {
  if (row.kind === 'refund' && row.amount > refundable(order)) {
    const left = toDecimal(Math.max(0, refundable(order)));
    throw conflict(PAYMENT_MESSAGES.overRefund(left), { amount: PAYMENT_MESSAGES.overRefund(left) });
  }
  const written = await tx
    .insert(payments)
    .values({
      orderId: row.orderId,
      kind: row.kind,
      amount: toDecimal(row.amount),
      method: row.method,
      reference: row.reference ?? null,
      providerId: row.providerId ?? null,
      note: row.note ?? null,
      recordedBy: row.recordedBy,
    })
    .onConflictDoNothing({ target: [payments.kind, payments.providerId] })
    .returning({ id: payments.id });
  if (written.length === 0) return false;
  counters.paymentsRecorded.inc({ method: row.method, kind: row.kind });
  await refreshPaymentStatus(tx, row.orderId);
  return true;
}

/** An order's ledger, oldest row first; 404 for an order there is not. */
export async function ledgerOf(db: Executor, orderId: string): Promise<LedgerEntry[]> {
  const rows = await db
    .select({ row: payments, refundState: paymongoRefunds.state })
    .from(payments)
    .leftJoin(
      paymongoRefunds,
      and(eq(payments.kind, 'refund'), eq(paymongoRefunds.refundId, payments.providerId)),
    )
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  if (rows.length === 0) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order not found');
  }
  return rows.map(({ row, refundState }) => ({
    id: row.id,
    kind: row.kind,
    amount: row.amount,
    method: row.method,
    reference: row.reference,
    note: row.note,
    recordedBy: row.recordedBy,
    createdAt: new Date(row.createdAt).toISOString(),
    ...(refundState && refundState !== 'sending' ? { refundStatus: refundState } : {}),
  }));
}
