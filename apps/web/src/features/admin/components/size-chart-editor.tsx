import { MEASURES, type MeasureKey, type SizeChartKind, sizeChartColumnLabel } from '@habi/shared';
import { useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useCellNavigation } from '../hooks/use-cell-navigation.ts';
import type { ChartCells, ChartErrors } from '../utils/size-chart-cells.ts';
import { GridTable } from './grid-table.tsx';

interface SizeChartEditorProps {
  /** What the table is of, for its caption: "Men's Tops". */
  name: string;
  kind: SizeChartKind;
  sizes: readonly string[];
  columns: readonly MeasureKey[];
  cells: ChartCells;
  onChange(cells: ChartCells): void;
  errors: ChartErrors;
  disabled?: boolean;
}

/**
 * A chart's numbers: a row per size, a text input per measurement ("86" or a range "86-91"),
 * in centimetres. Tab goes row by row; the arrow keys move between cells (left and right once
 * the caret is at the text's edge). A refused cell is marked and its message listed under the
 * table, tied to the cell.
 */
export function SizeChartEditor({
  name,
  kind,
  sizes,
  columns,
  cells,
  onChange,
  errors,
  disabled,
}: SizeChartEditorProps) {
  const id = useId();
  const { cellRef, move } = useCellNavigation();
  const label = (r: number, c: number) => `${sizes[r]}, ${sizeChartColumnLabel(columns[c]!, 'cm')}`;
  const listed = Object.entries(errors)
    .map(([key, message]) => {
      const [r, c] = key.split('.').map(Number) as [number, number];
      return key === '_' ? { key, text: message } : { key, text: `${label(r, c)}: ${message}` };
    })
    .sort((a, b) => a.key.localeCompare(b.key, 'en', { numeric: true }));

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-line">
        <GridTable
          caption={`${name} size chart, body measurements`}
          corner="Size"
          columns={columns.map((column) => ({
            key: column,
            label: (
              <>
                {sizeChartColumnLabel(column, 'cm')}
                <span className="block font-normal text-muted">
                  {MEASURES[column].min} to {MEASURES[column].max}
                </span>
              </>
            ),
          }))}
          headerClassName="px-2 text-left"
        >
          <tbody>
            {sizes.map((size, r) => (
              <tr key={size} className="group">
                <th
                  scope="row"
                  className="sticky left-0 z-10 border-r border-b border-line bg-white px-3 py-1.5 text-left font-semibold whitespace-nowrap group-last:border-b-0"
                >
                  {size}
                </th>
                {columns.map((column, c) => {
                  const error = errors[`${r}.${c}`];
                  return (
                    <td key={column} className="border-b border-line px-2 py-1.5 group-last:border-b-0">
                      <input
                        ref={cellRef(r, c)}
                        type="text"
                        inputMode="decimal"
                        autoComplete="off"
                        aria-label={label(r, c)}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-${r}-${c}-error` : undefined}
                        value={cells[r]?.[c] ?? ''}
                        disabled={disabled}
                        onChange={(event) => {
                          const next = cells.map((row) => [...row]);
                          next[r]![c] = event.target.value;
                          onChange(next);
                        }}
                        onFocus={(event) => event.currentTarget.select()}
                        onKeyDown={(event) => move(event, r, c)}
                        className={cn(
                          'h-10 rounded-lg border border-line bg-white px-2 text-right text-sm text-ink tabular-nums focus:border-ink focus:outline-none aria-invalid:border-danger aria-invalid:bg-danger/5 disabled:bg-sand',
                          kind === 'shoes' ? 'w-20' : 'w-24',
                        )}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </GridTable>
      </div>
      <p className="text-sm text-muted">
        Enter a number or a range such as 86-91, with at most one decimal. Arrow keys move between cells.
      </p>
      {listed.map(({ key, text }) => {
        const [r, c] = key.split('.');
        return (
          <p
            key={key}
            id={key === '_' ? undefined : `${id}-${r}-${c}-error`}
            role="alert"
            className="text-sm text-danger"
          >
            {text}
          </p>
        );
      })}
    </div>
  );
}
