import { FilterSelect } from './filter-select.tsx';

/** A table's status filter: All, then each status capitalised. */
export function StatusSelect<S extends string>({
  statuses,
  value,
  onChange,
}: {
  statuses: readonly S[];
  value: S | undefined;
  onChange(value: S | undefined): void;
}) {
  return (
    <FilterSelect
      label="Status"
      value={value}
      options={statuses.map((status) => ({
        value: status,
        label: status[0]!.toUpperCase() + status.slice(1),
      }))}
      onChange={onChange}
    />
  );
}
