import { LOW_STOCK_MAX, type StockFilter, stockStateOf } from '@habi/shared';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatUnits } from '../utils/stock-grid.ts';
import { FilterSelect } from './filter-select.tsx';

const LABELS = { untracked: 'Not tracked', low: 'Low stock', soldOut: 'Sold out' } as const;
const BADGES = { low: 'bg-amber-100 text-amber-900', soldOut: 'bg-red-100 text-red-900' } as const;

const sizes = (n: number) => `${n} size${n === 1 ? '' : 's'}`;

/**
 * A product's stock in the products table: its total with a badge when low or sold out, or "Not
 * tracked"; under it, how many of its variations in a size are sold out or low ("1 size sold out"),
 * which a healthy total hides. A product sold out whole says so once.
 */
export function StockStatus({
  total,
  cellsSoldOut = 0,
  cellsLow = 0,
}: {
  total: number | null;
  cellsSoldOut?: number;
  cellsLow?: number;
}) {
  if (total === null) return <span className="text-muted">{LABELS.untracked}</span>;
  const state = stockStateOf(total);
  const cells = [
    state !== 'soldOut' && cellsSoldOut > 0
      ? { text: `${sizes(cellsSoldOut)} sold out`, tone: BADGES.soldOut }
      : null,
    cellsLow > 0 ? { text: `${sizes(cellsLow)} low`, tone: BADGES.low } : null,
  ].filter((cell) => cell !== null);
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="inline-flex items-center gap-2">
        <span className="font-semibold tabular-nums">{formatUnits(total)}</span>
        {(state === 'low' || state === 'soldOut') && <Badge tone={BADGES[state]}>{LABELS[state]}</Badge>}
      </span>
      {cells.map((cell) => (
        <Badge key={cell.text} tone={cell.tone}>
          {cell.text}
        </Badge>
      ))}
    </span>
  );
}

function Badge({ tone, children }: { tone: string; children: string }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', tone)}>
      {children}
    </span>
  );
}

/** Each filter, and what it reads, said under the select. */
export const STOCK_FILTER_OPTIONS: { value: StockFilter; label: string; means: string }[] = [
  {
    value: 'low',
    label: 'Low stock',
    means: `Total over every variation and size: 1 to ${LOW_STOCK_MAX} left.`,
  },
  { value: 'soldOut', label: 'Sold out', means: 'Total over every variation and size: none left at all.' },
  {
    value: 'sizeLow',
    label: 'A size low',
    means: `Some variation in some size has 1 to ${LOW_STOCK_MAX} left, whatever the total.`,
  },
  {
    value: 'sizeSoldOut',
    label: 'A size sold out',
    means: 'Some variation in some size has none left, whatever the total (sold out whole too).',
  },
  {
    value: 'untracked',
    label: LABELS.untracked,
    means: 'Stock not tracked: the product sells without limit.',
  },
];

/** The products table's stock filter, with what the chosen one reads said under it. */
export function StockFilterSelect({
  value,
  onChange,
}: {
  value: StockFilter | undefined;
  onChange(value: StockFilter | undefined): void;
}) {
  const id = useId();
  const chosen = STOCK_FILTER_OPTIONS.find((o) => o.value === value);
  return (
    <div className="flex flex-col gap-1">
      <FilterSelect
        label="Stock"
        value={value}
        options={STOCK_FILTER_OPTIONS}
        onChange={onChange}
        describedBy={chosen ? id : undefined}
      />
      {chosen && (
        <p id={id} className="max-w-xs text-xs text-muted">
          {chosen.means}
        </p>
      )}
    </div>
  );
}
