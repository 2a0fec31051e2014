import { formatPHP, type StaffOrder } from '@habi/shared';
import type { ReactNode } from 'react';
import { AddressPartsList } from '../../../components/ui/address-parts.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatInstant } from '../utils/format-instant.ts';

const link = 'underline-offset-4 hover:text-accent hover:underline';

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('bg-white px-4 py-3', wide && 'sm:col-span-2')}>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{term}</dt>
      <dd className="mt-1 font-semibold break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

/**
 * Who ordered and how to reach them (once their account is gone, no longer), when, where it
 * goes, the payment and the total, above the lines.
 */
export function OrderFacts({ order }: { order: StaffOrder }) {
  const contact = order.contact;
  return (
    <dl className="grid gap-px overflow-hidden rounded-2xl border border-line bg-line text-sm sm:grid-cols-2 lg:grid-cols-4">
      <Fact term="Customer">{order.user}</Fact>
      <Fact term="Email">
        {contact ? (
          <a href={`mailto:${contact.email}`} className={link}>
            {contact.email}
          </a>
        ) : (
          '—'
        )}
      </Fact>
      <Fact term="Phone">
        {contact ? (
          <a href={`tel:${contact.contactNumber}`} className={cn(link, 'tabular-nums')}>
            {contact.contactNumber}
          </a>
        ) : (
          '—'
        )}
      </Fact>
      <Fact term="Ordered">{formatInstant(order.createdAt)}</Fact>
      <Fact term="Shipping address" wide>
        {order.shippingAddress}
        {order.shippingAddressParts && (
          <AddressPartsList parts={order.shippingAddressParts} className="mt-2 font-normal" />
        )}
      </Fact>
      <Fact term="Payment">{order.paymentMethod}</Fact>
      <Fact term="Total">
        {'discountCode' in order && order.discountCode && order.discountAmount
          ? `${formatPHP(order.totalFee)} (${order.discountCode} −${formatPHP(order.discountAmount)})`
          : formatPHP(order.totalFee)}
      </Fact>
    </dl>
  );
}
