import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  cellKey,
  cellLabel,
  formatUnits,
  parseQuantity,
  type StockAxes,
  type StockCells,
  setAll,
  totalOf,
} from '../utils/stock-grid.ts';

interface StockGridProps {
  axes: StockAxes;
  cells: StockCells;
  onChange(cells: StockCells): void;
  /** Messages of the cells that hold no quantity, by cell key. */
  errors: Readonly<Record<string, string>>;
  /** A line under a cell ("7 in stock now"), by cell key. */
  notes?: Readonly<Record<string, string>>;
  /** Marks the cells that differ from the stored stock. */
  isChanged?: (key: string) => boolean;
  /** What an empty cell stands for. */
  placeholder?: string;
  disabled?: boolean;
}

const MODIFIERS = ['shiftKey', 'altKey', 'ctrlKey', 'metaKey'] as const;

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
  isChanged,
  placeholder,
  disabled,
}: StockGridProps) {
  const id = useId();
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const { rows, columns } = axes;

  function move(event: KeyboardEvent<HTMLInputElement>, r: number, c: number) {
    if (MODIFIERS.some((key) => event[key])) return;
    const input = event.currentTarget;
    const { selectionStart: start, selectionEnd: end, value } = input;
    const whole = start === 0 && end === value.length;
    const target =
      event.key === 'ArrowUp'
        ? [r - 1, c]
        : event.key === 'ArrowDown'
          ? [r + 1, c]
          : event.key === 'ArrowLeft' && (whole || end === 0)
            ? [r, c - 1]
            : event.key === 'ArrowRight' && (whole || start === value.length)
              ? [r, c + 1]
              : undefined;
    const next = target && inputs.current.get(`${target[0]}:${target[1]}`);
    if (!next) return;
    event.preventDefault();
    next.focus();
  }

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
        <table className="min-w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Stock by variation and size</caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-10 border-r border-b border-line bg-sand px-3 py-2 text-left text-xs font-semibold tracking-wide text-ink-soft uppercase"
              >
                Variation
              </th>
              {columns.map((column) => (
                <th
                  key={column.size}
                  scope="col"
                  className="border-b border-line bg-sand px-1.5 py-2 text-center text-xs font-semibold whitespace-nowrap text-ink-soft"
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
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
                  const error = errors[key];
                  const note = notes[key];
                  const errorId = error ? `${id}-${r}-${c}-error` : '';
                  const noteId = note ? `${id}-${r}-${c}-note` : '';
                  return (
                    <td
                      key={column.size}
                      className="border-b border-line px-1.5 py-1.5 text-center align-top group-last:border-b-0"
                    >
                      <input
                        ref={(input) => {
                          if (input) inputs.current.set(`${r}:${c}`, input);
                          else inputs.current.delete(`${r}:${c}`);
                        }}
                        type="text"
                        inputMode="numeric"
                        autoComplete="off"
                        aria-label={cellLabel(row, column)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={[errorId, noteId].filter(Boolean).join(' ') || undefined}
                        value={cells[key] ?? ''}
                        placeholder={placeholder}
                        disabled={disabled}
                        onChange={(event) => onChange({ ...cells, [key]: event.target.value })}
                        onFocus={(event) => event.currentTarget.select()}
                        onKeyDown={(event) => move(event, r, c)}
                        className={cn(
                          'h-10 w-[4.5rem] rounded-lg border border-line bg-white px-2 text-right text-sm text-ink tabular-nums placeholder:text-muted/80 focus:border-ink focus:outline-none aria-invalid:border-danger disabled:bg-sand',
                          isChanged?.(key) && 'border-accent bg-accent/5',
                        )}
                      />
                      {note && (
                        <p
                          id={noteId}
                          className="mx-auto mt-1 max-w-[4.5rem] text-[11px] leading-tight font-semibold text-danger"
                        >
                          {note}
                        </p>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
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
