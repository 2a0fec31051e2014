import { QUANTITY_MAX, QUANTITY_MIN } from '@habi/shared';
import { Minus, Plus } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

interface QuantityStepperProps {
  value: number;
  onChange(value: number): void;
  /** The most on offer (what is left of a product that tracks stock); 99 when not given. */
  max?: number;
  label?: string;
  className?: string;
}

/**
 * Quantity 1 to 99 (or to `max`); minus does nothing at 1, plus nothing at the most, a typed
 * number is taken as entered (kept within the bounds).
 */
export function QuantityStepper({
  value,
  onChange,
  max: most = QUANTITY_MAX,
  label = 'Quantity',
  className,
}: QuantityStepperProps) {
  // Never below the least a line holds, even when nothing is left to offer.
  const max = Math.max(QUANTITY_MIN, most);
  const button =
    'grid size-11 place-items-center text-ink hover:bg-sand disabled:text-muted/50 disabled:hover:bg-transparent';
  return (
    <div
      className={cn(
        // The ring goes round the whole stepper: its own edge would clip one drawn round a part.
        'inline-flex h-11 items-center overflow-hidden rounded-full border border-line bg-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
        className,
      )}
    >
      <button
        type="button"
        className={button}
        aria-label="Decrease quantity"
        disabled={value <= QUANTITY_MIN}
        onClick={() => value > QUANTITY_MIN && onChange(value - 1)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={label}
        min={QUANTITY_MIN}
        max={max}
        value={value}
        onChange={(event) => {
          const typed = Number.parseInt(event.target.value, 10);
          if (Number.isNaN(typed)) return;
          onChange(Math.min(max, Math.max(QUANTITY_MIN, typed)));
        }}
        className="h-full w-12 [appearance:textfield] border-x border-line text-center font-semibold tabular-nums focus:outline-none [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={button}
        aria-label="Increase quantity"
        disabled={value >= max}
        onClick={() => value < max && onChange(value + 1)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
