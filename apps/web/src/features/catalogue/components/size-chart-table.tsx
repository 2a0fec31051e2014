import {
  formatSizeChartCell,
  type LengthUnit,
  MEASURES,
  type SizeChart,
  sizeChartColumnLabel,
  sizeChartName,
} from '@habi/shared';
import { cn } from '../../../lib/cn.ts';

const UNIT_WORDS: Record<LengthUnit, string> = { cm: 'centimetres', in: 'inches' };
const LENGTH_UNITS: LengthUnit[] = ['cm', 'in'];

/** "Women's Tops", "Kids' Shoes". */
export const chartName = (chart: Pick<SizeChart, 'category' | 'kind'>) =>
  sizeChartName(chart.category, chart.kind);

/** Whether the chart has a length the inches toggle changes (shoes in EU only would not). */
export const hasLengths = (chart: SizeChart) =>
  chart.columns.some((column) => MEASURES[column].unit === 'cm');

/**
 * The chart as a table, in centimetres and in inches: both are in the markup and the unit
 * chosen in the enclosing `.size-units` shows (catalogue.css), so the switch works without the
 * app's code too (the server-rendered page). The selected size's row is marked and announced
 * ("M, your size").
 */
export function SizeChartTable({ chart, selected }: { chart: SizeChart; selected: string | undefined }) {
  const marked = chart.rows.some((row) => row.size === selected);
  return (
    <div className="-mx-1 overflow-x-auto px-1 pb-1">
      <table className="w-full min-w-max border-separate border-spacing-0 text-sm tabular-nums">
        <caption className="pb-3 text-left text-sm text-ink-soft">
          {chartName(chart)} size chart: body measurements in{' '}
          {LENGTH_UNITS.map((unit) => (
            <span key={unit} data-unit={unit}>
              {UNIT_WORDS[unit]}.
            </span>
          ))}
          {marked && ` Your size, ${selected}, is marked.`}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="border-b border-line py-2.5 pr-2 text-left font-semibold sm:pr-4">
              Size
            </th>
            {chart.columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b border-line px-2 py-2.5 text-right font-semibold sm:px-3"
              >
                {LENGTH_UNITS.map((unit) => (
                  <span key={unit} data-unit={unit}>
                    {sizeChartColumnLabel(column, unit)}
                  </span>
                ))}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => {
            const mine = row.size === selected;
            return (
              <tr
                key={row.size}
                aria-current={mine ? 'true' : undefined}
                className={cn(mine && 'bg-accent/10')}
              >
                <th
                  scope="row"
                  // Named "M, your size": the badge is for the eye.
                  aria-label={mine ? `${row.size}, your size` : undefined}
                  className={cn(
                    'border-b border-line py-2.5 pr-2 text-left font-semibold whitespace-nowrap sm:pr-4',
                    mine && 'rounded-l-lg border-accent/30 pl-2 text-accent-dark',
                  )}
                >
                  {row.size}
                  {mine && (
                    <span
                      aria-hidden="true"
                      className="ml-1.5 rounded-full bg-accent-dark px-1.5 py-0.5 text-[11px] font-bold text-white sm:ml-2 sm:px-2 sm:text-xs"
                    >
                      your size
                    </span>
                  )}
                </th>
                {row.values.map((cell, c) => {
                  const column = chart.columns[c]!;
                  return (
                    <td
                      key={column}
                      className={cn(
                        'border-b border-line px-2 py-2.5 text-right whitespace-nowrap text-ink-soft sm:px-3',
                        mine && 'border-accent/30 font-semibold text-ink last:rounded-r-lg',
                      )}
                    >
                      {LENGTH_UNITS.map((unit) => (
                        <span key={unit} data-unit={unit}>
                          {formatSizeChartCell(cell, column, unit)}
                        </span>
                      ))}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Centimetres or inches: native radio buttons, so the choice shows through CSS even before the
 * app runs; `unit` and `onChange` keep it while the app runs (the dialog remembers it).
 */
export function UnitSwitch({
  name,
  unit,
  onChange,
}: {
  name: string;
  unit: LengthUnit;
  onChange(unit: LengthUnit): void;
}) {
  return (
    <fieldset className="flex items-center gap-3">
      <legend className="sr-only">Units</legend>
      <span aria-hidden="true" className="text-sm font-semibold text-ink-soft">
        Units
      </span>
      <span className="inline-flex rounded-full border border-line bg-sand/60 p-1">
        {LENGTH_UNITS.map((option) => (
          <label key={option} className="relative">
            <input
              type="radio"
              name={name}
              value={option}
              checked={unit === option}
              onChange={() => onChange(option)}
              aria-label={UNIT_WORDS[option]}
              className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <span
              aria-hidden="true"
              className="flex h-8 min-w-12 items-center justify-center rounded-full px-3 text-sm font-semibold text-ink-soft transition-colors peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent"
            >
              {option}
            </span>
          </label>
        ))}
      </span>
    </fieldset>
  );
}
