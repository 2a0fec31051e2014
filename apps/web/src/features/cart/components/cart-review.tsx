import type { PaymentMethod } from '@habi/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CartLine } from '../../../lib/cart-store.ts';
import { usePaymentOptions } from '../../../lib/payment-options.ts';
import { currentUserQuery } from '../../../lib/session.ts';
import { useCartPricing } from '../hooks/use-cart-pricing.ts';
import { useCheckout } from '../hooks/use-checkout.ts';
import { useLinesNow } from '../hooks/use-lines-now.ts';
import { AddressBox, type AddressMode } from './address-box.tsx';
import { CartLineItem } from './cart-line-item.tsx';
import { codeErrorOf, DiscountCodeField } from './discount-code-field.tsx';
import { OrderSummaryPanel } from './order-summary-panel.tsx';
import { PaymentChoice, paymentChoices } from './payment-choice.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

/**
 * The cart with lines, and checkout: the lines, the address box for shoppers and the order
 * summary. Loaded by the cart page once the cart has lines (cart-page.tsx).
 */
export default function CartReview({ lines }: { lines: readonly CartLine[] }) {
  // The shopper auth check runs on cart load, whatever is cached.
  const session = useQuery({ ...currentUserQuery, refetchOnMount: 'always' });
  const user = session.data ?? null;
  const [mode, setMode] = useState<AddressMode>('summary');
  const [chosen, setChosen] = useState<string | null>(null);
  const [needsAddress, setNeedsAddress] = useState(false);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const signInLink = useRef<HTMLAnchorElement>(null);

  const addresses = user?.shippingAddress ?? [];
  // The first address until the shopper picks another; a deleted pick means none.
  const address = chosen === null ? (addresses[0] ?? '') : addresses.includes(chosen) ? chosen : '';
  const pricing = useCartPricing(lines, user);
  const { applied, preview } = pricing;
  const options = usePaymentOptions();
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const payment = paymentChoices(
    options.isError ? null : options.data,
    pricing.summary?.total ?? null,
    chosenMethod,
  );

  const checkout = useCheckout({
    lines,
    summary: pricing.summary,
    address,
    discountCode: pricing.code,
    paymentMethod: payment.method,
    onSignInNeeded: () => signInLink.current?.focus(),
    onAddressNeeded: () => {
      setNeedsAddress(true);
      setMode((current) => (current === 'summary' ? 'list' : current));
    },
  });

  const { left, gone, photos } = useLinesNow(lines, checkout.refused);

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_26rem] xl:gap-10">
      <section aria-labelledby="review-heading" className="min-w-0">
        <h2
          id="review-heading"
          ref={reviewHeading}
          tabIndex={-1}
          className="text-2xl font-semibold focus:outline-none"
        >
          Review your Cart
        </h2>
        <ul className="mt-5 flex flex-col gap-4">
          {lines.map((line) => (
            <CartLineItem
              key={line.cartProductId}
              line={line}
              photo={photos[line.cartProductId]}
              notice={checkout.lineNotices[line.cartProductId]}
              left={left[line.cartProductId]}
              gone={gone.has(line.cartProductId)}
              onRemoved={() => reviewHeading.current?.focus()}
            />
          ))}
        </ul>
      </section>

      <div className="flex min-w-0 flex-col gap-6">
        {session.isPending ? (
          <div role="status" className="h-44 animate-pulse rounded-2xl border border-line bg-white">
            <span className="sr-only">Loading...</span>
          </div>
        ) : user ? (
          <AddressBox
            user={user}
            mode={mode}
            onModeChange={setMode}
            selected={address}
            onSelect={(next) => {
              setChosen(next);
              if (next) setNeedsAddress(false);
            }}
            needsAddress={needsAddress}
          />
        ) : (
          <SignInPrompt signInRef={signInLink} />
        )}
        <OrderSummaryPanel
          className="lg:sticky lg:top-28"
          summary={pricing.summary}
          pending={checkout.pending}
          problem={checkout.problem}
          onPlaceOrder={() => void checkout.place()}
          discountCode={applied?.code}
          payable={payment.method !== null}
          paymentField={
            <PaymentChoice
              offered={payment.offered}
              value={payment.method}
              onChange={setChosenMethod}
              loading={options.isPending}
              failed={options.isError}
            />
          }
          codeField={
            <DiscountCodeField
              applied={pricing.code}
              preview={applied}
              problem={
                pricing.waiting ??
                checkout.codeError ??
                (preview.isError ? codeErrorOf(preview.error) : undefined)
              }
              onApply={pricing.apply}
              onRemove={pricing.remove}
            />
          }
        />
      </div>
    </div>
  );
}
