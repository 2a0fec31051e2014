import { type ProductSort, SORT_OPTIONS } from '@habi/shared';
import { Combobox } from '../../../components/ui/combobox.tsx';

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
        <Combobox
          id="sort-by"
          listLabel="Sort orders"
          options={SORT_OPTIONS}
          value={value}
          onChange={onChange}
          placeholder="Relevant"
          clearLabel="Clear the sort"
        />
      </div>
    </div>
  );
}
