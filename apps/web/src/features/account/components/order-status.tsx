import {
  camelToLabel,
  itemStatusColour,
  ORDER_STATUSES,
  orderStatusColour,
  type StatusColour,
} from '@habi/shared';
import { cn } from '../../../lib/cn.ts';

const DOT: Record<StatusColour, string> = {
  yellow: 'bg-gold ring-warning/40',
  green: 'bg-success ring-success/30',
  red: 'bg-danger ring-danger/30',
  grey: 'bg-muted ring-muted/30',
};

/** An order's status as a colour-coded dot (with its word, so colour is not the only cue). */
export function OrderStatusDot({ status, className }: { status: string; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-sm font-semibold text-ink', className)}>
      <span
        aria-hidden="true"
        className={cn('size-2.5 shrink-0 rounded-full ring-4', DOT[orderStatusColour(status)])}
      />
      <span>
        <span className="sr-only">Order status: </span>
        {camelToLabel(status)}
      </span>
    </span>
  );
}

/** The legend for the dots: pending, completed, cancelled. */
export function OrderStatusLegend({ className }: { className?: string }) {
  return (
    <div className={cn('flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted', className)}>
      <span id="order-status-legend" className="font-semibold text-ink-soft">
        Order status
      </span>
      <ul aria-labelledby="order-status-legend" className="flex flex-wrap items-center gap-x-5 gap-y-2">
        {ORDER_STATUSES.map((status) => (
          <li key={status} className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className={cn('size-2.5 rounded-full ring-4', DOT[orderStatusColour(status)])}
            />
            {camelToLabel(status)}
          </li>
        ))}
      </ul>
    </div>
  );
}

const PILL: Record<StatusColour, string> = {
  yellow: 'bg-gold',
  green: 'bg-success',
  red: 'bg-danger',
  grey: 'bg-muted',
};

/** An ordered item's delivery stage (toPay -> 'To Pay'), with its stage colour. */
export function ItemStatusPill({ status }: { status: string }) {
  return (
    <span className="inline-flex h-7 shrink-0 items-center gap-1.5 rounded-full bg-sand px-3 text-xs font-semibold text-ink">
      <span aria-hidden="true" className={cn('size-1.5 rounded-full', PILL[itemStatusColour(status)])} />
      {camelToLabel(status)}
    </span>
  );
}
