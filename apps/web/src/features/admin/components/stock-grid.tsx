import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCellNavigation } from '../hooks/use-cell-navigation.ts';
import {
  cellKey,
  cellLabel,
  formatUnits,
  parseQuantity,
  type StockAxes,
  type StockCells,
  type StockColumn,
  setAll,
  totalOf,
} from '../utils/stock-grid.ts';
import { GridTable } from './grid-table.tsx';

interface StockGridProps {
  axes: StockAxes;
  cells: StockCells;
  onChange(cells: StockCells): void;
  /** Messages of the cells that hold no quantity, by cell key. */
  errors: Readonly<Record<string, string>>;
  /** A line under a cell ("7 in stock now"), by cell key. */
  notes?: Readonly<Record<string, string>>;
  /** A quiet line under a cell where it has no note (its SKU), by cell key. */
  hints?: Readonly<Record<string, string>>;
  /** Marks the cells that differ from the stored stock. */
  isChanged?: (key: string) => boolean;
  /** What an empty cell stands for. */
  placeholder?: string;
  disabled?: boolean;
}

/**
 * The stock of each variation (rows) in each size (columns), with "Set all". Tab goes row by
 * row; the arrow keys move between cells (left and right once the caret is at the text's edge).
 * The cells are text inputs with a numeric keypad rather than number inputs, whose up and down
 * arrows would step the value instead. Wide grids scroll sideways with the variations in view.
 */
export function StockGrid({
  axes,
  cells,
  onChange,
  errors,
  notes = {},
  hints = {},
  isChanged,
  placeholder,
  disabled,
}: StockGridProps) {
  const id = useId();
  const { cellRef, move } = useCellNavigation();
  const { rows, columns } = axes;

  const invalid = rows.flatMap((row, r) =>
    columns.flatMap((column, c) => {
      const message = errors[cellKey(row, column)];
      return message ? [{ r, c, text: `${cellLabel(row, column)}: ${message}` }] : [];
    }),
  );

  return (
    <div className="flex flex-col gap-3">
      <SetAll disabled={disabled} onSet={(text) => onChange(setAll(cells, axes, text))} />
      {/* Scroll padding as wide as the sticky column, so a cell scrolled to is never under it. */}
      <div className="scroll-pl-32 overflow-x-auto rounded-xl border border-line sm:scroll-pl-48">
        <StockTable columns={columns} headerPadding="px-1.5">
          <tbody>
            {rows.map((row, r) => (
              <tr key={row.key} className="group">
                <th
                  scope="row"
                  title={row.variation || undefined}
                  className="sticky left-0 z-10 max-w-32 truncate border-r border-b border-line bg-white group-last:border-b-0 px-3 py-1.5 text-left font-semibold text-ink sm:max-w-48"
                >
                  {row.label}
                </th>
                {columns.map((column, c) => {
                  const key = cellKey(row, column);
                  return (
                    <StockCell
                      key={column.size}
                      idPrefix={`${id}-${r}-${c}`}
                      label={cellLabel(row, column)}
                      value={cells[key] ?? ''}
                      error={errors[key]}
                      note={notes[key]}
                      hint={hints[key]}
                      changed={isChanged?.(key)}
                      placeholder={placeholder}
                      disabled={disabled}
                      inputRef={cellRef(r, c)}
                      onChange={(value) => onChange({ ...cells, [key]: value })}
                      onKeyDown={(event) => move(event, r, c)}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </StockTable>
      </div>
      <p className="text-sm text-ink-soft tabular-nums">
        Total: <span className="font-semibold text-ink">{formatUnits(totalOf(axes, cells))}</span>
      </p>
      {invalid.map(({ r, c, text }) => (
        <p key={`${r}:${c}`} id={`${id}-${r}-${c}-error`} role="alert" className="text-sm text-danger">
          {text}
        </p>
      ))}
    </div>
  );
}

interface StockCellProps {
  /** The start of the ids of the cell's error (listed under the grid) and note. */
  idPrefix: string;
  label: string;
  value: string;
  error: string | undefined;
  note: string | undefined;
  hint: string | undefined;
  changed: boolean | undefined;
  placeholder: string | undefined;
  disabled: boolean | undefined;
  inputRef(input: HTMLInputElement | null): void;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
}

/** One quantity, selected whole when entered, with a note under it ("7 in stock now"). */
function StockCell({
  idPrefix,
  label,
  value,
  error,
  note,
  hint,
  changed,
  placeholder,
  disabled,
  inputRef,
  onChange,
  onKeyDown,
}: StockCellProps) {
  const errorId = error ? `${idPrefix}-error` : '';
  const noteId = note ? `${idPrefix}-note` : '';
  const hintId = !note && hint ? `${idPrefix}-hint` : '';
  return (
    <td className="border-b border-line px-1.5 py-1.5 text-center align-top group-last:border-b-0">
      <input
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, noteId, hintId].filter(Boolean).join(' ') || undefined}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        onFocus={(event) => event.currentTarget.select()}
        onKeyDown={onKeyDown}
        className={cn(
          'h-10 w-[4.5rem] rounded-lg border border-line bg-white px-2 text-right text-sm text-ink tabular-nums placeholder:text-muted/80 focus:border-ink focus:outline-none aria-invalid:border-danger disabled:bg-sand',
          changed && 'border-accent bg-accent/5',
        )}
      />
      {note ? (
        <p
          id={noteId}
          className="mx-auto mt-1 max-w-[4.5rem] text-[11px] leading-tight font-semibold text-danger"
        >
          {note}
        </p>
      ) : (
        hint && (
          <p
            id={hintId}
            className="mx-auto mt-1 max-w-[4.5rem] text-[11px] leading-tight break-all text-muted"
          >
            {hint}
          </p>
        )
      )}
    </td>
  );
}

/** One quantity for every cell. Enter applies it here rather than sending the form around it. */
function SetAll({ onSet, disabled }: { onSet(text: string): void; disabled?: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  function apply() {
    const read = parseQuantity(text);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    setError(undefined);
    onSet(String(read.quantity));
  }

  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label="Quantity for every cell"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder="Quantity"
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            apply();
          }}
          className="h-9 w-28 rounded-lg border border-line bg-white px-3 text-sm text-ink tabular-nums placeholder:text-muted/80 focus:border-ink focus:outline-none aria-invalid:border-danger"
        />
        <Button variant="secondary" size="sm" className="rounded-lg" onClick={apply} disabled={disabled}>
          Set all
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** The stock grid's table, edited or read: the sizes over the variations; `children` is its body. */
export function StockTable({
  columns,
  headerPadding,
  children,
}: {
  columns: readonly StockColumn[];
  /** The size headers' side padding, as wide as the cells below them want. */
  headerPadding: string;
  children: ReactNode;
}) {
  return (
    <GridTable
      caption="Stock by variation and size"
      corner="Variation"
      columns={columns.map((column) => ({ key: column.size, label: column.label }))}
      headerClassName={cn('text-center', headerPadding)}
    >
      {children}
    </GridTable>
  );
}
