import {
  formatPHP,
  type Order,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
  parseCentavos,
  toDecimal,
} from '@habi/shared';
import { TriangleAlert } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { lapsesAt, stillToPay } from '../../../lib/order-payment.ts';
import { toast } from '../../../lib/toast.ts';
import { type PaymentAction, usePaymentAction } from '../api/order-payments.ts';
import { formatInstant } from '../utils/format-instant.ts';
import { LedgerTable } from './ledger-table.tsx';
import { AmountDialog, RejectTransferDialog } from './payment-dialogs.tsx';
import { PaymentPill } from './payment-pill.tsx';
import { TransferProofLink } from './transfer-proof.tsx';

const centavos = (text: string) => parseCentavos(text) ?? 0;

/**
 * What the back office can do with an order's payment now, and the amounts its dialogs start
 * from: cash still to collect, a transfer reference waiting to be confirmed, money to give back.
 */
export function paymentActions({ payment }: Pick<Order, 'payment'>) {
  const kept = centavos(payment.paid) - centavos(payment.refunded);
  const stillOwed = stillToPay(payment);
  const refundDue = centavos(payment.refundDue);
  return {
    collect: payment.method === 'cod' && stillOwed > 0,
    review: payment.method === 'transfer' && payment.reference !== null,
    refund: kept > 0,
    stillOwed: toDecimal(stillOwed),
    /** What the shop owes back after cancelled lines, else all it keeps. */
    refundAmount: toDecimal(refundDue > 0 ? refundDue : kept),
  };
}

const SUCCESS: Record<PaymentAction, string> = {
  collect: 'Collection recorded',
  confirm: 'Transfer confirmed',
  reject: 'Transfer rejected; the shopper was told why',
  refund: 'Refund recorded',
};

/**
 * Manage Product Order's Payment section: the method, its status, the amounts, when it is due,
 * a flag when the shop must look at it, the shopper's transfer reference, the ledger, and the
 * actions the payment's state allows, each in its dialog.
 */
/** `readOnly`: the facts and the ledger without the buttons that move money (support's view). */
export function OrderPaymentSection({ order, readOnly = false }: { order: Order; readOnly?: boolean }) {
  const { payment } = order;
  const actions = paymentActions(order);
  const [open, setOpen] = useState<PaymentAction | null>(null);
  const collect = usePaymentAction(order._id, 'collect');
  const confirm = usePaymentAction(order._id, 'confirm');
  const reject = usePaymentAction(order._id, 'reject');
  const refund = usePaymentAction(order._id, 'refund');
  const online = payment.method === 'online';

  const done = (action: PaymentAction) => {
    setOpen(null);
    toast.success(action === 'refund' && online ? 'Refund sent through PayMongo' : SUCCESS[action]);
  };
  const close = () => setOpen(null);

  return (
    <section
      aria-labelledby="payment-heading"
      className="overflow-hidden rounded-2xl border border-line bg-white"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3">
        <h2 id="payment-heading" className="font-sans text-base font-bold tracking-normal">
          Payment
        </h2>
        <span className="flex items-center gap-2 text-sm text-muted">
          {PAYMENT_STATUS_LABELS[payment.status]} <PaymentPill status={payment.status} />
        </span>
      </div>
      {payment.review && (
        <p className="flex items-start gap-2 border-b border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>Needs review: {payment.review}</span>
        </p>
      )}
      <PaymentFacts order={order} stillOwed={actions.stillOwed} />
      {!readOnly && (actions.collect || actions.review || actions.refund) && (
        <div className="flex flex-wrap gap-2 border-t border-line px-4 py-3">
          {actions.collect && (
            <Button size="sm" className="rounded-lg" onClick={() => setOpen('collect')}>
              Record collection
            </Button>
          )}
          {actions.review && (
            <>
              <Button size="sm" className="rounded-lg" onClick={() => setOpen('confirm')}>
                Confirm transfer
              </Button>
              <Button variant="secondary" size="sm" className="rounded-lg" onClick={() => setOpen('reject')}>
                Reject
              </Button>
            </>
          )}
          {actions.refund && (
            <Button variant="secondary" size="sm" className="rounded-lg" onClick={() => setOpen('refund')}>
              Refund
            </Button>
          )}
        </div>
      )}
      <h3 className="border-t border-line px-4 pt-4 pb-2 text-sm font-semibold text-ink-soft">Ledger</h3>
      <LedgerTable orderId={order._id} />

      {open === 'collect' && (
        <AmountDialog
          onClose={close}
          title="Record collection"
          description={`Cash collected on delivery, all or part of the ${formatPHP(actions.stillOwed)} still owed.`}
          submitLabel="Record"
          defaultAmount={actions.stillOwed}
          referenceHint="A receipt number, if the courier gave one"
          onSubmit={async (body) => {
            await collect.mutateAsync(body);
            done('collect');
          }}
        />
      )}
      {open === 'confirm' && payment.reference && (
        <AmountDialog
          onClose={close}
          title="Confirm transfer"
          description={`The shopper's reference is ${payment.reference}. Enter the amount that arrived.`}
          evidence={payment.transferProof && <TransferProofLink orderId={order._id} large />}
          submitLabel="Confirm"
          defaultAmount={actions.stillOwed}
          referenceHint="The reference on the shop's statement, if it differs"
          onSubmit={async (body) => {
            await confirm.mutateAsync(body);
            done('confirm');
          }}
        />
      )}
      {open === 'reject' && payment.reference && (
        <RejectTransferDialog
          onClose={close}
          reference={payment.reference}
          evidence={payment.transferProof && <TransferProofLink orderId={order._id} large />}
          onSubmit={async (body) => {
            await reject.mutateAsync(body);
            done('reject');
          }}
        />
      )}
      {open === 'refund' && (
        <AmountDialog
          onClose={close}
          title="Refund"
          description={
            online
              ? 'The amount is refunded to the shopper through PayMongo.'
              : 'Give the money back by hand (cash or a transfer), then record it here with its reference.'
          }
          submitLabel="Refund"
          defaultAmount={actions.refundAmount}
          referenceRequired={!online}
          referenceHint={
            online ? 'PayMongo gives the refund its own reference' : 'The transfer or receipt number'
          }
          onSubmit={async (body) => {
            await refund.mutateAsync(body);
            done('refund');
          }}
        />
      )}
    </section>
  );
}

/**
 * The payment's figures, as a list of terms. What is still to pay, what was refunded, a refund due
 * and the due time show only while they apply, so a paid or refunded order never reads as owing.
 */
function PaymentFacts({ order, stillOwed }: { order: Order; stillOwed: string }) {
  const { payment } = order;
  const dueBy = lapsesAt(payment);
  const facts: [string, ReactNode][] = [
    ['Method', PAYMENT_METHOD_LABELS[payment.method]],
    ['Total', formatPHP(order.totalFee)],
  ];
  // Cancelled lines are no longer owed: what the lines kept come to.
  if (centavos(payment.owed) !== centavos(order.totalFee))
    facts.push(['After cancellations', formatPHP(payment.owed)]);
  if (centavos(stillOwed) > 0) facts.push(['Still to pay', formatPHP(stillOwed)]);
  facts.push(['Paid', formatPHP(payment.paid)]);
  if (centavos(payment.refunded) > 0) facts.push(['Refunded', formatPHP(payment.refunded)]);
  if (centavos(payment.refundDue) > 0) facts.push(['Refund due', formatPHP(payment.refundDue)]);
  if (dueBy) facts.push(['Due by', formatInstant(dueBy)]);
  if (payment.method === 'transfer') {
    facts.push(['Transfer reference', payment.reference ?? 'None entered yet']);
    if (payment.transferProof)
      facts.push(['Screenshot', <TransferProofLink key="proof" orderId={order._id} />]);
    if (payment.rejectedReason) facts.push(['Last reference rejected', payment.rejectedReason]);
  }
  return (
    // Each cell draws its own right and bottom rule (the outer ones fall outside the section): a
    // short last row leaves white space, not grey.
    <dl className="-mr-px -mb-px grid grid-cols-2 text-sm sm:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term} className="border-r border-b border-line px-4 py-3">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
          <dd className="mt-1 font-semibold break-words tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
