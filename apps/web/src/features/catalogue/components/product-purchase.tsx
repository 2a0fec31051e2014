import { DELIVERY_OPTIONS } from '@habi/shared';
import { ShoppingBag, Truck, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { paths } from '../../../lib/paths.ts';
import { usePaymentMethodsText } from '../../../lib/payment-options.ts';
import { type ChoiceStock, inCartMessage } from '../utils/choice-stock.ts';

const [freeDelivery] = DELIVERY_OPTIONS;

/** The quantity and Add to Cart, with what is left and already in the cart. */
export function AddToCart({
  stock,
  quantity,
  onQuantityChange,
  onAdd,
}: {
  stock: ChoiceStock;
  quantity: number;
  onQuantityChange(quantity: number): void;
  onAdd(): void;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm font-semibold">Quantity</p>
        {/* Polite: said once a size is chosen, without taking the shopper's focus. */}
        <p aria-live="polite" className="flex gap-2 text-sm">
          {stock.lowStock && <span className="font-semibold text-accent-dark">{stock.lowStock}</span>}
          {stock.inCart > 0 && !stock.blocked && (
            <span className="text-muted">({inCartMessage(stock.inCart)})</span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <QuantityStepper value={quantity} onChange={onQuantityChange} max={stock.limit} />
        <Button
          size="lg"
          onClick={onAdd}
          disabled={stock.blocked !== undefined}
          aria-describedby={stock.blocked ? 'add-blocked' : undefined}
          className="min-w-48 flex-1"
        >
          <ShoppingBag aria-hidden="true" className="size-5" />
          Add to Cart
        </Button>
      </div>
      {stock.blocked && (
        <p id="add-blocked" className="text-sm font-semibold text-ink-soft">
          {stock.blocked}
        </p>
      )}
    </div>
  );
}

/** In place of Add to Cart for a product sold out whole. */
export function SoldOutNotice() {
  return (
    <div className="border-t border-line pt-8">
      <p className="text-ink-soft">
        This product has sold out.{' '}
        <Link
          to={paths.products}
          className="font-semibold text-accent-dark underline underline-offset-4 hover:text-accent"
        >
          Browse the collection
        </Link>{' '}
        for something like it.
      </p>
    </div>
  );
}

/** Free shipping and the ways to pay the shop has turned on, under every product. */
export function DeliveryPromises() {
  const payWays = usePaymentMethodsText();
  return (
    <ul className="flex flex-col gap-4 rounded-2xl bg-sand/70 p-5 text-sm">
      <li className="flex gap-3">
        <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
        <span>
          <span className="font-semibold">FREE standard shipping</span>
          <span className="text-ink-soft">
            {' '}
            arrives in about {freeDelivery.days} days. Express and next-day delivery are available in the
            cart.
          </span>
        </span>
      </li>
      {payWays !== null && (
        <li className="flex gap-3">
          <Wallet aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
          <span className="min-w-0 flex-1">
            <span className="font-semibold">Ways to pay</span>
            {payWays === undefined ? (
              // A line's height while they load, so nothing below moves when they come.
              <span aria-hidden="true" className="mt-1.5 block h-3.5 w-3/4 animate-pulse rounded bg-paper" />
            ) : (
              <span className="text-ink-soft">: {payWays}.</span>
            )}
          </span>
        </li>
      )}
    </ul>
  );
}
