import {
  type Centavos,
  DEFAULT_PAYMENT_METHOD,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentOptions,
  parseCentavos,
} from '@habi/shared';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';

export interface OfferedMethod {
  method: PaymentMethod;
  /** Why it cannot be chosen for this cart (cash on delivery above the limit). */
  refusal?: string;
  /** What paying this way asks of the shopper. */
  hint: string;
}

/** Cash on delivery only, as offered when the shop's options could not be read. */
const COD_ONLY: PaymentOptions = {
  methods: ['cod'],
  codMaxTotal: null,
  transferHours: 0,
  onlineMinutes: 0,
  accounts: [],
};

function hintFor(method: PaymentMethod, options: PaymentOptions) {
  if (method === 'cod') return 'Pay the rider in cash when your order arrives.';
  if (method === 'transfer') {
    return `Transfer within ${options.transferHours} hours, then send us the reference number.`;
  }
  return `Pay on PayMongo's secure page within ${options.onlineMinutes} minutes.`;
}

/**
 * The methods the cart offers and the one the order goes with: the shopper's choice while it
 * can be had, else cash on delivery, else the first the shop takes; null while the options load
 * or when none fits. Options that could not be read (`options` null) offer cash on delivery.
 */
export function paymentChoices(
  options: PaymentOptions | null | undefined,
  total: Centavos | null,
  chosen: PaymentMethod | null,
): { offered: OfferedMethod[]; method: PaymentMethod | null } {
  if (options === undefined) return { offered: [], method: null };
  const shop = options ?? COD_ONLY;
  const limit = shop.codMaxTotal === null ? null : parseCentavos(shop.codMaxTotal);
  const offered = PAYMENT_METHODS.filter((method) => shop.methods.includes(method)).map(
    (method): OfferedMethod => ({
      method,
      hint: hintFor(method, shop),
      ...(method === 'cod' && limit !== null && total !== null && total > limit && shop.codMaxTotal
        ? { refusal: PAYMENT_MESSAGES.codLimit(shop.codMaxTotal) }
        : {}),
    }),
  );
  const open = offered.filter((offer) => !offer.refusal).map((offer) => offer.method);
  const method =
    chosen !== null && open.includes(chosen)
      ? chosen
      : open.includes(DEFAULT_PAYMENT_METHOD)
        ? DEFAULT_PAYMENT_METHOD
        : (open[0] ?? null);
  return { offered, method };
}

interface PaymentChoiceProps {
  offered: readonly OfferedMethod[];
  value: PaymentMethod | null;
  onChange(method: PaymentMethod): void;
  loading: boolean;
  /** The shop's options could not be read: cash on delivery only. */
  failed: boolean;
}

/** The order summary's payment methods, one radio each; a method this cart cannot have says why. */
export function PaymentChoice({ offered, value, onChange, loading, failed }: PaymentChoiceProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  return (
    <div className="mt-6 border-t border-line pt-5">
      <p id={headingId} className="mb-3 text-sm font-semibold text-ink">
        Payment method
      </p>
      {loading ? (
        <div role="status" className="h-32 animate-pulse rounded-xl bg-sand/60">
          <span className="sr-only">Loading...</span>
        </div>
      ) : offered.length === 0 ? (
        <p className="text-sm text-danger">{PAYMENT_MESSAGES.methodOff}</p>
      ) : (
        <RadioGroup.Root
          aria-labelledby={headingId}
          value={value ?? ''}
          onValueChange={(next) => onChange(next as PaymentMethod)}
          className="flex flex-col gap-2"
        >
          {offered.map(({ method, refusal, hint }) => {
            const itemId = `${id}-${method}`;
            const checked = value === method;
            return (
              <div
                key={method}
                className={cn(
                  'relative flex items-start gap-3 rounded-xl border px-3.5 py-2.5 transition-colors',
                  refusal
                    ? 'border-line bg-paper'
                    : checked
                      ? 'border-ink bg-sand/60'
                      : 'border-line hover:border-ink/40',
                )}
              >
                <RadioGroup.Item
                  id={itemId}
                  value={method}
                  disabled={Boolean(refusal)}
                  aria-describedby={`${itemId}-hint`}
                  className="relative z-10 mt-0.5 grid size-5 shrink-0 place-items-center rounded-full border border-ink/50 bg-white data-[state=checked]:border-ink disabled:cursor-not-allowed disabled:border-line"
                >
                  <RadioGroup.Indicator className="size-2.5 rounded-full bg-ink" />
                </RadioGroup.Item>
                <div className="flex min-w-0 flex-1 flex-col">
                  <label
                    htmlFor={itemId}
                    className={cn(
                      'text-sm font-semibold after:absolute after:inset-0',
                      refusal ? 'cursor-not-allowed text-muted' : 'cursor-pointer text-ink',
                    )}
                  >
                    {PAYMENT_METHOD_LABELS[method]}
                  </label>
                  <span
                    id={`${itemId}-hint`}
                    className={cn('text-xs', refusal ? 'text-danger' : 'text-muted')}
                  >
                    {refusal ?? hint}
                  </span>
                </div>
              </div>
            );
          })}
        </RadioGroup.Root>
      )}
      {failed && (
        <p className="mt-2 text-xs text-muted">
          Other payment methods could not be loaded: cash on delivery is offered.
        </p>
      )}
    </div>
  );
}
