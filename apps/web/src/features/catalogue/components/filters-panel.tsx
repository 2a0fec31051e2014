import { CATEGORIES, type CollectionFilters, SUBCATEGORIES } from '@habi/shared';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../lib/cn.ts';

interface FiltersPanelProps {
  filters: CollectionFilters;
  onChange(change: Partial<CollectionFilters>): void;
  onClear(): void;
}

function toggle<T>(list: T[], item: T, on: boolean): T[] {
  return on ? [...list, item] : list.filter((value) => value !== item);
}

function Group<T extends string>({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: readonly T[];
  selected: T[];
  onChange(next: T[]): void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-xs font-bold tracking-[0.16em] text-ink-soft uppercase">{legend}</legend>
      {options.map((option) => (
        <Checkbox
          key={option}
          label={option}
          checked={selected.includes(option)}
          onCheckedChange={(on) => onChange(toggle(selected, option, on))}
        />
      ))}
    </fieldset>
  );
}

/**
 * Listing filters: 'Categories' and 'Subcategories' checkbox groups. Beside the grid
 * (and sticky) from 1024 px; behind a Filters toggle on smaller screens.
 */
export function FiltersPanel({ filters, onChange, onClear }: FiltersPanelProps) {
  const [open, setOpen] = useState(false);
  const count = filters.category.length + filters.subCategory.length;
  return (
    <section aria-label="Filters" className="lg:sticky lg:top-28 lg:self-start">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="filters-panel"
        onClick={() => setOpen((value) => !value)}
        className="flex h-12 w-full items-center justify-between gap-3 rounded-xl border border-line bg-white px-4 text-sm font-semibold transition-colors hover:border-ink/40 lg:hidden"
      >
        <span className="flex items-center gap-2">
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          Filters
          {count > 0 && (
            <span className="grid h-5 min-w-5 place-items-center rounded-full bg-ink px-1.5 text-[11px] text-paper tabular-nums">
              <span className="sr-only">, </span>
              {count}
              <span className="sr-only"> selected</span>
            </span>
          )}
        </span>
        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id="filters-panel"
        className={cn(
          'mt-3 flex-col gap-8 rounded-2xl border border-line bg-white p-5 lg:mt-0 lg:flex lg:border-0 lg:bg-transparent lg:p-0',
          open ? 'flex' : 'hidden',
        )}
      >
        <div className="hidden items-baseline justify-between lg:flex">
          <h2 className="font-display text-xl font-semibold">Filters</h2>
        </div>
        <div className="grid grid-cols-2 gap-6 lg:grid-cols-1 lg:gap-8">
          <Group
            legend="Categories"
            options={CATEGORIES}
            selected={filters.category}
            onChange={(category) => onChange({ category })}
          />
          <Group
            legend="Subcategories"
            options={SUBCATEGORIES}
            selected={filters.subCategory}
            onChange={(subCategory) => onChange({ subCategory })}
          />
        </div>
        {count > 0 && (
          <button
            type="button"
            onClick={onClear}
            className="self-start text-sm font-semibold text-accent-dark underline underline-offset-4 hover:text-ink"
          >
            Clear all
          </button>
        )}
      </div>
    </section>
  );
}
