import { type ProductSort, SORT_OPTIONS } from '@habi/shared';
import { Select } from '../../../components/ui/select.tsx';

/**
 * 'Sort by': searchable and clearable; clearing brings back the Relevant order, which the
 * placeholder then names.
 */
export function SortSelect({ value, onChange }: { value?: ProductSort; onChange(sort?: ProductSort): void }) {
  return (
    <div className="flex w-full items-center gap-3 sm:w-auto">
      <label htmlFor="sort-by" className="shrink-0 text-sm font-semibold text-ink-soft">
        Sort by
      </label>
      <div className="min-w-0 flex-1 sm:w-52 sm:flex-none">
        <Select
          inputId="sort-by"
          instanceId="sort-by"
          classNamePrefix="sort-select"
          options={SORT_OPTIONS}
          value={SORT_OPTIONS.find((option) => option.value === value) ?? null}
          onChange={(option) => onChange(option?.value)}
          isClearable
          placeholder="Relevant"
        />
      </div>
    </div>
  );
}
