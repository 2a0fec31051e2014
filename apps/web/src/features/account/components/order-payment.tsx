import {
  formatPHP,
  type Order,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PILLS,
  type PaymentStatus,
  parseCentavos,
} from '@habi/shared';
import { cn } from '../../../lib/cn.ts';
import { awaitsPayment, formatDueBy, lapsesAt } from '../../../lib/order-payment.ts';
import { PayNowButton, TransferReferenceForm } from '../../../lib/order-payment-actions.tsx';

const PILL_COLOURS: Record<(typeof PAYMENT_PILLS)[PaymentStatus], string> = {
  Completed: 'bg-success',
  Pending: 'bg-gold',
  Partial: 'bg-muted',
  Cancelled: 'bg-danger',
};

/** The payment's state as SPEC's pills read it (Completed, Pending, Partial, Cancelled). */
export function PaymentPill({ status }: { status: PaymentStatus }) {
  const pill = PAYMENT_PILLS[status];
  return (
    <span className="inline-flex h-7 shrink-0 items-center gap-1.5 rounded-full bg-sand px-3 text-xs font-semibold text-ink">
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', PILL_COLOURS[pill])} />
      <span className="sr-only">Payment status: </span>
      {pill}
    </span>
  );
}

const nonZero = (amount: string) => (parseCentavos(amount) ?? 0) > 0;

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <p className="flex items-center justify-between gap-3">
      <span className="text-muted">{label}</span>
      <span className="font-semibold tabular-nums">{value}</span>
    </p>
  );
}

/**
 * An order card's payment: the method and its pill, what was paid and refunded, and for an
 * unpaid transfer the reference form, for an unpaid online order Pay now.
 */
export function OrderPaymentDetails({ order }: { order: Order }) {
  const { payment } = order;
  const waiting = awaitsPayment(payment);
  const dueBy = lapsesAt(payment);
  return (
    <div className="flex flex-col gap-2 border-t border-line px-5 py-4 text-sm" data-testid="order-payment">
      <div className="flex items-center justify-between gap-3">
        <p className="min-w-0">
          <span className="sr-only">Payment method: </span>
          <span className="font-semibold">{PAYMENT_METHOD_LABELS[payment.method]}</span>
        </p>
        <PaymentPill status={payment.status} />
      </div>
      {nonZero(payment.paid) && <Amount label="Paid" value={formatPHP(payment.paid)} />}
      {nonZero(payment.refunded) && <Amount label="Refunded" value={formatPHP(payment.refunded)} />}
      {dueBy && (
        <p className="text-muted">
          Pay by <span className="font-semibold text-ink">{formatDueBy(dueBy)}</span>
        </p>
      )}
      {waiting && payment.method === 'transfer' && (
        <TransferReferenceForm orderId={order._id} payment={payment} />
      )}
      {waiting && payment.method === 'online' && <PayNowButton orderId={order._id} />}
    </div>
  );
}
