import { type StockFilter, stockStateOf } from '@habi/shared';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatUnits } from '../utils/stock-grid.ts';

const LABELS = { untracked: 'Not tracked', low: 'Low stock', soldOut: 'Sold out' } as const;
const BADGES = { low: 'bg-amber-100 text-amber-900', soldOut: 'bg-red-100 text-red-900' } as const;

/** A product's stock in the products table: its total with a badge when low or sold out, or "Not tracked". */
export function StockStatus({ total }: { total: number | null }) {
  if (total === null) return <span className="text-muted">{LABELS.untracked}</span>;
  const state = stockStateOf(total);
  return (
    <span className="inline-flex items-center gap-2">
      <span className="font-semibold tabular-nums">{formatUnits(total)}</span>
      {(state === 'low' || state === 'soldOut') && (
        <span
          className={cn('rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', BADGES[state])}
        >
          {LABELS[state]}
        </span>
      )}
    </span>
  );
}

const OPTIONS: { value: StockFilter; label: string }[] = [
  { value: 'low', label: LABELS.low },
  { value: 'soldOut', label: LABELS.soldOut },
  { value: 'untracked', label: LABELS.untracked },
];

/** The products table's stock filter: All, Low stock, Sold out, Not tracked. */
export function StockFilterSelect({
  value,
  onChange,
}: {
  value: StockFilter | undefined;
  onChange(value: StockFilter | undefined): void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-soft">
        Stock
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(OPTIONS.find((o) => o.value === event.target.value)?.value)}
        className="h-10 rounded-lg border border-line bg-white px-3 text-sm text-ink focus:border-ink focus:outline-none"
      >
        <option value="">All</option>
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
