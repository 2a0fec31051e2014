import {
  camelToLabel,
  DELIVERY_OPTIONS,
  deliveryDate,
  deliveryDateLabel,
  formatPHP,
  ITEM_STATUSES,
  PAGE_HEADS,
  type PaymentMethod,
  type PaymentOptions,
  STORE_TIME_ZONE,
  storeDate,
  TAX_PERCENT,
} from '@habi/shared';
import type { QueryClient } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { useNow } from '../../../lib/now.ts';
import { paths } from '../../../lib/paths.ts';
import {
  paymentMethodsText,
  paymentOptionsQueryOptions,
  usePaymentOptions,
} from '../../../lib/payment-options.ts';
import { InfoPage, InfoSection, textLink } from '../components/info-page.tsx';

/** "next-day" -> "Next day". */
export const optionName = (value: string) =>
  `${value.charAt(0).toUpperCase()}${value.slice(1)}`.replace('-', ' ');
const inDays = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;
/** A fee as the cart words it, without the word Shipping: "FREE" or "₱50.00". */
export const feeText = (fee: number) => (fee === 0 ? 'FREE' : formatPHP(fee));

const FREE_OPTION = DELIVERY_OPTIONS.find((option) => option.fee === 0);
/** "To Pay, To Receive, Delivered, or Cancelled". */
const STATUS_LIST = new Intl.ListFormat('en', { type: 'disjunction' }).format(
  ITEM_STATUSES.map(camelToLabel),
);

/** Server rendering: the ways to pay the page names. */
export function prefetch(queryClient: QueryClient) {
  return queryClient.prefetchQuery(paymentOptionsQueryOptions);
}

/** /delivery: the cart's delivery options, their fees and how a delivery date is worked out. */
export default function DeliveryPage() {
  useDocumentTitle(PAGE_HEADS['/delivery'].title);
  // One clock for the whole page, so every example counts from the same day.
  const now = useNow();
  return (
    <InfoPage
      eyebrow="Delivery"
      title="Delivery options and fees"
      lead={
        <p>
          Every item in your cart gets its own delivery option: pick the date that suits you. We deliver
          anywhere in the Philippines.
        </p>
      }
    >
      <OptionCards now={now} />

      <DatesExplained now={now} />

      <InfoSection id="fees-title" title="What you pay for shipping">
        <p>
          {FREE_OPTION && <>{optionName(FREE_OPTION.value)} delivery is free on every order. </>}A faster
          option's fee is charged once for the item it is chosen for, whatever the quantity, and the order's
          shipping is the sum of its items' fees.
        </p>
        <p>
          Estimated tax of {TAX_PERCENT}% is charged on the items plus shipping; the order summary in your
          cart shows every amount before you place the order.
        </p>
      </InfoSection>

      <InfoSection id="payment-title" title="Paying and following your order">
        <PaymentTerms />
        <p>
          Follow every item in{' '}
          <Link to={paths.user} className={textLink}>
            My Orders
          </Link>
          , where its status reads {STATUS_LIST}.
        </p>
      </InfoSection>
    </InfoPage>
  );
}

/** One card per delivery option: its name, days, fee and the date it would arrive. */
function OptionCards({ now }: { now: Date }) {
  return (
    <section aria-labelledby="options-title" className="flex flex-col gap-6">
      <h2 id="options-title" className="sr-only">
        Delivery options
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3 sm:gap-6">
        {DELIVERY_OPTIONS.map((option) => (
          <li
            key={option.value}
            className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-5 sm:gap-5 sm:p-7"
          >
            <div className="flex flex-col gap-1">
              <h3 className="text-xl font-semibold">{optionName(option.value)}</h3>
              <p className="text-sm text-muted">Arrives in {inDays(option.days)}</p>
            </div>
            {/* A figure, not a paragraph: as a <p> over the sentence below it, it reads as a heading. */}
            <div
              data-testid="delivery-fee"
              className={
                option.fee === 0
                  ? 'font-display text-3xl font-semibold text-success sm:text-4xl'
                  : 'font-display text-3xl font-semibold tabular-nums sm:text-4xl'
              }
            >
              {feeText(option.fee)}
            </div>
            <p className="mt-auto flex items-start gap-2 border-t border-line pt-4 text-sm text-ink-soft">
              <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <span>
                Ordered today, it arrives{' '}
                <strong data-testid="delivery-example" className="block font-semibold text-ink">
                  {deliveryDateLabel(deliveryDate(option.fee, now))}
                </strong>
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How a delivery date is counted, with today's dates for each option. */
function DatesExplained({ now }: { now: Date }) {
  const today = deliveryDateLabel(storeDate(now));
  return (
    <InfoSection id="dates-title" title="How the date is worked out">
      <p>
        A delivery date is the day you place your order plus the option's days. Days are calendar days,
        weekends included, and the day is the one in the Philippines ({STORE_TIME_ZONE} time) whatever your
        device's clock says.
      </p>
      <div className="rounded-2xl bg-sand px-5 py-5 sm:px-6">
        <p className="text-sm font-semibold text-ink">Ordering today, {today}:</p>
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {DELIVERY_OPTIONS.map((option) => (
            <li key={option.value} className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
              <span>
                {optionName(option.value)}: today + {inDays(option.days)}
              </span>
              <span className="font-semibold text-ink">
                {deliveryDateLabel(deliveryDate(option.fee, now))}
              </span>
            </li>
          ))}
        </ul>
      </div>
      <p>
        Your cart shows each item's date as you shop, and the order keeps the date of the moment you place it:
        a cart left open past midnight moves on a day.
      </p>
    </InfoSection>
  );
}

/** How each way to pay the shop has turned on works; none is named while they cannot be read. */
function PaymentTerms() {
  const options = usePaymentOptions();
  // A line's height while they load, so the text below does not move when they come.
  if (options.isPending) return <p aria-hidden="true" className="h-4 w-3/4 animate-pulse rounded bg-sand" />;
  const ways = options.data && paymentMethodsText(options.data);
  if (!options.data || !ways) return <p>Your cart shows the ways to pay when you check out.</p>;
  return <p>{paymentSentences(options.data, ways)}</p>;
}

/** "Pay by …. With cash on delivery …": what a shopper needs to know of each method that is on. */
function paymentSentences({ methods }: PaymentOptions, ways: string) {
  const on = (method: PaymentMethod) => methods.includes(method);
  const lapsing = [on('transfer') && 'by transfer', on('online') && 'online'].filter(Boolean).join(' or ');
  return [
    `Pay by ${ways}.`,
    on('cod') && 'With cash on delivery (COD) you pay the rider when the parcel reaches your door.',
    on('transfer') &&
      "For a transfer, send the exact amount to one of the shop's accounts and enter the transfer's reference number on your order.",
    lapsing &&
      `An order to be paid ${lapsing} and not paid in time is cancelled, and its items go back on sale.`,
  ]
    .filter(Boolean)
    .join(' ');
}
