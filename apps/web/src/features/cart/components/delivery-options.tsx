import { DELIVERY_OPTIONS, type DeliveryFee, deliveryDate, deliveryDateLabel, formatPHP } from '@habi/shared';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { type CartLine, setDeliveryOption } from '../../../lib/cart-store.ts';
import { cn } from '../../../lib/cn.ts';

/** "FREE Shipping" or "₱50.00 - Shipping". */
export function shippingLabel(fee: number) {
  return fee === 0 ? 'FREE Shipping' : `${formatPHP(fee)} - Shipping`;
}

/** The date a line's option arrives, as its heading reads it ("Tuesday, December 1"). */
export function deliveryLabelFor(fee: number) {
  const option = DELIVERY_OPTIONS.find((o) => o.fee === fee) ?? DELIVERY_OPTIONS[0];
  return deliveryDateLabel(deliveryDate(option.fee));
}

/** One radio per delivery date; choosing one replaces the line's option. */
export function DeliveryOptions({ line, className }: { line: CartLine; className?: string }) {
  const id = useId();
  const headingId = `${id}-heading`;
  return (
    <div className={className}>
      <p id={headingId} className="mb-3 text-sm font-semibold text-ink">
        Choose a delivery option:
      </p>
      <RadioGroup.Root
        aria-labelledby={headingId}
        value={String(line.deliveryOption.fee)}
        onValueChange={(value) => setDeliveryOption(line.cartProductId, Number(value) as DeliveryFee)}
        className="flex flex-col gap-2"
      >
        {DELIVERY_OPTIONS.map((option) => {
          const itemId = `${id}-${option.value}`;
          const checked = line.deliveryOption.fee === option.fee;
          return (
            <div
              key={option.value}
              className={cn(
                'relative flex items-center gap-3 rounded-xl border px-3.5 py-2.5 transition-colors',
                checked ? 'border-ink bg-sand/60' : 'border-line hover:border-ink/40',
              )}
            >
              <RadioGroup.Item
                id={itemId}
                value={String(option.fee)}
                className="relative z-10 grid size-5 shrink-0 place-items-center rounded-full border border-ink/50 bg-white data-[state=checked]:border-ink"
              >
                <RadioGroup.Indicator className="size-2.5 rounded-full bg-ink" />
              </RadioGroup.Item>
              <label
                htmlFor={itemId}
                className="flex min-w-0 flex-1 cursor-pointer flex-col after:absolute after:inset-0"
              >
                <span className="text-sm font-semibold text-ink">
                  {deliveryDateLabel(deliveryDate(option.fee))}
                </span>
                <span
                  className={cn('text-xs', option.fee === 0 ? 'font-semibold text-success' : 'text-muted')}
                >
                  {shippingLabel(option.fee)}
                </span>
              </label>
            </div>
          );
        })}
      </RadioGroup.Root>
    </div>
  );
}
