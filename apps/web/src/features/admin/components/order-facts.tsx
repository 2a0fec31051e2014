import { formatPHP, type Order } from '@habi/shared';

/** Customer, shipping address, payment and total, above the lines. */
export function OrderFacts({ order }: { order: Order }) {
  return (
    <dl className="grid gap-px overflow-hidden rounded-2xl border border-line bg-line text-sm sm:grid-cols-2 lg:grid-cols-4">
      {[
        ['Customer', order.user],
        ['Shipping address', order.shippingAddress],
        ['Payment', order.paymentMethod],
        [
          'Total',
          order.discountCode && order.discountAmount
            ? `${formatPHP(order.totalFee)} (${order.discountCode} −${formatPHP(order.discountAmount)})`
            : formatPHP(order.totalFee),
        ],
      ].map(([term, value]) => (
        <div key={term} className="bg-white px-4 py-3">
          <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
          <dd className="mt-1 font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
