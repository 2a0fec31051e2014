import { useId } from 'react';

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
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-soft">
        Status
      </label>
      <select
        id={id}
        value={value ?? ''}
        onChange={(event) => onChange(statuses.find((s) => s === event.target.value))}
        className="h-10 rounded-lg border border-line bg-white px-3 text-sm text-ink capitalize focus:border-ink focus:outline-none"
      >
        <option value="">All</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {status[0]!.toUpperCase() + status.slice(1)}
          </option>
        ))}
      </select>
    </div>
  );
}
