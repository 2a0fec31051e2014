import { type ReactNode, useId } from 'react';

/** The look of a control in a table's toolbar (a select, a date). */
export const TOOLBAR_CONTROL =
  'h-10 rounded-lg border border-line bg-white px-3 text-sm text-ink focus:border-ink focus:outline-none';

/** A labelled control in a table's toolbar: `children` draws the control with the id its label names. */
export function ToolbarField({ label, children }: { label: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-soft">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A table's filter in its toolbar: a label, then All and each value. */
export function FilterSelect<V extends string>({
  label,
  value,
  options,
  onChange,
  describedBy,
}: {
  label: string;
  value: V | undefined;
  options: readonly { value: V; label: string }[];
  onChange(value: V | undefined): void;
  /** The id of a line that explains the chosen value. */
  describedBy?: string;
}) {
  return (
    <ToolbarField label={label}>
      {(id) => (
        <select
          id={id}
          value={value ?? ''}
          aria-describedby={describedBy}
          onChange={(event) => onChange(options.find((option) => option.value === event.target.value)?.value)}
          className={TOOLBAR_CONTROL}
        >
          <option value="">All</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </ToolbarField>
  );
}
