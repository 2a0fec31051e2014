import {
  formatPHP,
  type Order,
  type OrderPayment,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  type TransferAccount,
} from '@habi/shared';
import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { Loading } from '../../../components/ui/spinner.tsx';
import { awaitsPayment, formatDueBy, lapsesAt, stillToPay } from '../../../lib/order-payment.ts';
import { PayNowButton, TransferReferenceForm } from '../../../lib/order-payment-actions.tsx';
import { TransferAccounts } from './transfer-accounts.tsx';

const peso = (centavos: number) => formatPHP(centavos, 'centavos');

/** The time to pay, only while the order is unpaid and can still lapse. */
function DueBy({ payment }: { payment: OrderPayment }) {
  const dueBy = lapsesAt(payment);
  if (!dueBy) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-muted">
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <span>
        Pay by <span className="font-semibold text-ink">{formatDueBy(dueBy)}</span>, or the order is
        cancelled.
      </span>
    </p>
  );
}

/** A payment the shopper has nothing more to do for: received, or its state (cancelled, refunded). */
function Settled({ payment }: { payment: OrderPayment }) {
  if (payment.status !== 'paid') {
    return <p className="text-sm text-muted">Status: {PAYMENT_STATUS_LABELS[payment.status]}</p>;
  }
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-success">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      Payment received
    </p>
  );
}

/** An online order: received, or waiting (announced as it changes) with Pay now. */
function OnlineStep({ order, paymentCancelled }: { order: Order; paymentCancelled: boolean }) {
  const waiting = awaitsPayment(order.payment);
  return (
    <div className="flex flex-col gap-3">
      <div aria-live="polite" aria-atomic="true">
        {waiting ? (
          <p className="flex items-center gap-2 text-sm font-semibold text-ink">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-warning" />
            Waiting for payment
          </p>
        ) : (
          <Settled payment={order.payment} />
        )}
      </div>
      {waiting && (
        <>
          {paymentCancelled && (
            <p className="flex items-start gap-2 rounded-xl bg-danger/10 px-3.5 py-3 text-sm text-ink">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
              Your payment was not completed. You can try again with Pay now.
            </p>
          )}
          <p className="text-sm text-muted">
            Pay {peso(stillToPay(order.payment))} on PayMongo's secure page.
          </p>
          <DueBy payment={order.payment} />
          <PayNowButton orderId={order._id} />
        </>
      )}
    </div>
  );
}

/** What happens next for the order's payment, by its method. */
export function PaymentNextStep({
  order,
  accounts,
  paymentCancelled,
}: {
  order: Order;
  /** The shop's transfer accounts: undefined while they load, null when they could not be read. */
  accounts: readonly TransferAccount[] | null | undefined;
  paymentCancelled: boolean;
}) {
  const { payment } = order;
  const left = stillToPay(payment);
  const waiting = awaitsPayment(payment);
  return (
    <section aria-labelledby="payment-heading" className="flex flex-col gap-3 border-t border-line pt-5">
      <h3 id="payment-heading" className="font-sans text-base font-bold tracking-normal">
        Payment: {PAYMENT_METHOD_LABELS[payment.method]}
      </h3>
      {payment.method === 'cod' &&
        (waiting ? (
          <p className="text-sm text-ink">Pay the rider {peso(left)} on delivery.</p>
        ) : (
          <Settled payment={payment} />
        ))}
      {payment.method === 'transfer' &&
        (waiting ? (
          <>
            <p className="text-sm text-ink">
              Send exactly <span className="font-semibold tabular-nums">{peso(left)}</span> to one of our
              accounts, then enter the transfer's reference number below.
            </p>
            <DueBy payment={payment} />
            {accounts === undefined ? (
              <Loading className="py-4" />
            ) : (
              <TransferAccounts accounts={accounts ?? []} />
            )}
            <TransferReferenceForm orderId={order._id} payment={payment} />
          </>
        ) : (
          <Settled payment={payment} />
        ))}
      {payment.method === 'online' && <OnlineStep order={order} paymentCancelled={paymentCancelled} />}
    </section>
  );
}
