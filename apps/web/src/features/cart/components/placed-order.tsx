import { formatPHP, type Order, orderReference } from '@habi/shared';
import { useQuery } from '@tanstack/react-query';
import { Loading } from '../../../components/ui/spinner.tsx';
import { awaitsPayment, orderQueryOptions } from '../../../lib/order-payment.ts';
import { paymentOptionsQueryOptions } from '../../../lib/payment-options.ts';
import { currentUserQuery } from '../../../lib/session.ts';
import { PaymentNextStep } from './payment-next-step.tsx';

/** How often a page waiting for an online payment reads the order again. */
export const PAYMENT_POLL_MS = 4000;

/** An online order still unpaid: its page asks again until PayMongo's word arrives. */
const pollWhileWaiting = (order: Order | undefined) =>
  order?.payment.method === 'online' && awaitsPayment(order.payment) ? PAYMENT_POLL_MS : false;

function OrderLines({ order }: { order: Order }) {
  return (
    <ul aria-label="Items" className="flex flex-col divide-y divide-line">
      {order.products.map((line) => (
        <li key={line._id} className="flex items-start justify-between gap-4 py-2.5 text-sm">
          <span className="min-w-0">
            <span className="block font-semibold break-words">{line.name}</span>
            <span className="text-muted">
              {line.size ? `Size ${line.size} · ` : ''}
              {line.quantity} × {formatPHP(line.price)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The order just placed, for its signed-in owner: its number, lines and total, and what to do
 * to pay. Nothing shows for a visitor or an order that is not theirs.
 */
export function PlacedOrder({ orderId, paymentCancelled }: { orderId: string; paymentCancelled: boolean }) {
  const session = useQuery(currentUserQuery);
  const signedIn = Boolean(session.data);
  const order = useQuery({
    ...orderQueryOptions(orderId),
    enabled: signedIn,
    refetchInterval: (query) => pollWhileWaiting(query.state.data),
  });
  // The shop's accounts, for a transfer: null when they could not be read.
  const options = useQuery({
    ...paymentOptionsQueryOptions,
    enabled: order.data?.payment.method === 'transfer',
  });
  const accounts = options.isError ? null : options.data?.accounts;

  if (!signedIn || order.isError) return null;
  const card = 'w-full max-w-xl rounded-2xl border border-line bg-white px-5 py-6 text-left sm:px-8';
  if (!order.data) {
    return (
      <div className={card}>
        <Loading className="py-6" />
      </div>
    );
  }
  const placed = order.data;
  return (
    <section aria-labelledby="placed-order-heading" className={`${card} flex flex-col gap-5`}>
      <h2 id="placed-order-heading" className="font-sans text-lg font-bold tracking-normal">
        Order {orderReference(placed._id)}
      </h2>
      <OrderLines order={placed} />
      <p className="flex items-baseline justify-between gap-4 border-t border-line pt-4">
        <span className="font-semibold">Total</span>
        <span className="text-lg font-bold tabular-nums" data-testid="placed-order-total">
          {formatPHP(placed.total)}
        </span>
      </p>
      <PaymentNextStep order={placed} accounts={accounts} paymentCancelled={paymentCancelled} />
    </section>
  );
}
