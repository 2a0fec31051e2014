import { DELIVERY_OPTIONS } from '@habi/shared';
import { BadgeCheck, Truck, Wallet } from 'lucide-react';
import { usePaymentMethodsText } from '../../../lib/payment-options.ts';

const FREE_DELIVERY_DAYS = DELIVERY_OPTIONS.find((option) => option.fee === 0)?.days;

const SHIPPING = {
  icon: Truck,
  title: 'Free standard shipping',
  text: `On every order, delivered in about ${FREE_DELIVERY_DAYS} days. Need it sooner? Pick express or next-day.`,
};
const QUALITY = {
  icon: BadgeCheck,
  title: 'Quality checked',
  text: 'Every piece is chosen for fabric, stitching and fit, and checked before it ships.',
};

/** Two lines of text's height while the ways to pay load, so nothing below moves when they come. */
function TextPlaceholder() {
  return (
    <span aria-hidden="true" className="flex flex-col gap-2 pt-1">
      <span className="h-3.5 w-full animate-pulse rounded bg-paper" />
      <span className="h-3.5 w-2/3 animate-pulse rounded bg-paper" />
    </span>
  );
}

/**
 * The store's promises in one calm band, true to the delivery options and to the ways to pay the
 * shop has turned on (none is named when none is on or they could not be read).
 */
export function StorePromises() {
  const payWays = usePaymentMethodsText();
  const promises = [
    SHIPPING,
    ...(payWays === null
      ? []
      : [
          {
            icon: Wallet,
            title: 'Ways to pay',
            text:
              payWays === undefined ? (
                <TextPlaceholder />
              ) : (
                `${payWays.charAt(0).toUpperCase()}${payWays.slice(1)}.`
              ),
          },
        ]),
    QUALITY,
  ];
  return (
    <section aria-labelledby="store-promises" className="rounded-3xl bg-sand px-6 py-10 sm:px-10">
      <h2 id="store-promises" className="sr-only">
        Why shop with us
      </h2>
      <ul className="grid gap-8 sm:grid-cols-3">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-paper text-accent">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-semibold">{title}</p>
              <p className="text-sm leading-relaxed text-ink-soft">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
