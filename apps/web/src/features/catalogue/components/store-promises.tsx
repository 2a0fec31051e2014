import { DELIVERY_OPTIONS } from '@habi/shared';
import { BadgeCheck, Banknote, Truck } from 'lucide-react';

const FREE_DELIVERY_DAYS = DELIVERY_OPTIONS.find((option) => option.fee === 0)?.days;

const PROMISES = [
  {
    icon: Truck,
    title: 'Free standard shipping',
    text: `On every order, delivered in about ${FREE_DELIVERY_DAYS} days. Need it sooner? Pick express or next-day.`,
  },
  {
    icon: Banknote,
    title: 'Cash on delivery',
    text: 'Pay when your parcel arrives at your door. No card needed to order.',
  },
  {
    icon: BadgeCheck,
    title: 'Quality checked',
    text: 'Every piece is chosen for fabric, stitching and fit, and checked before it ships.',
  },
];

/** The store's promises in one calm band, true to the delivery options. */
export function StorePromises() {
  return (
    <section aria-labelledby="store-promises" className="rounded-3xl bg-sand px-6 py-10 sm:px-10">
      <h2 id="store-promises" className="sr-only">
        Why shop with us
      </h2>
      <ul className="grid gap-8 sm:grid-cols-3">
        {PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-paper text-accent">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{title}</p>
              <p className="text-sm leading-relaxed text-ink-soft">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
