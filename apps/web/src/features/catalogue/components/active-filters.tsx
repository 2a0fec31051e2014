import type { CollectionFilters } from '@habi/shared';
import { X } from 'lucide-react';

/** The chosen filters as removable chips above the grid. */
export function ActiveFilters({
  filters,
  onChange,
}: {
  filters: CollectionFilters;
  onChange(change: Partial<CollectionFilters>): void;
}) {
  const chips = [
    ...filters.category.map((value) => ({
      value,
      remove: () => onChange({ category: filters.category.filter((c) => c !== value) }),
    })),
    ...filters.subCategory.map((value) => ({
      value,
      remove: () => onChange({ subCategory: filters.subCategory.filter((s) => s !== value) }),
    })),
  ];
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.value}>
          <button
            type="button"
            onClick={chip.remove}
            aria-label={`Remove filter ${chip.value}`}
            className="inline-flex h-8 items-center gap-1.5 rounded-full bg-sand pr-2.5 pl-3.5 text-xs font-semibold text-ink transition-colors hover:bg-line"
          >
            {chip.value}
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
