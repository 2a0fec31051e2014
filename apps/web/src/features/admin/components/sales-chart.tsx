import { type Dashboard, formatPHP, parseCentavos } from '@habi/shared';
import { dayLabel } from '../utils/period-labels.ts';

type Day = Dashboard['byDay'][number];

/**
 * Sales by day as bars, drawn as plain SVG: one rectangle a day needs no charting library (the
 * back office would download one for a single chart). The bars stretch to the width they are
 * given, so a phone shows 30 days as well as a desktop; the labels are HTML beside them, so they
 * never stretch. The picture is hidden from screen readers, which read the same numbers from the
 * table under it.
 */
export function SalesChart({ days, caption }: { days: Day[]; caption: string }) {
  const values = days.map((day) => parseCentavos(day.grossSales) ?? 0);
  const top = niceCeiling(Math.max(...values, 0));
  const slot = 10;
  const bar = days.length > 14 ? 7 : 6;
  const labelled = [0, Math.floor((days.length - 1) / 2), days.length - 1];

  return (
    <figure className="m-0">
      <div aria-hidden="true">
        <div className="flex justify-between text-xs text-muted tabular-nums">
          <span>{formatPHP(top, 'centavos')}</span>
        </div>
        <div className="relative mt-1 h-44 border-b border-line sm:h-56">
          <div className="absolute inset-x-0 top-0 border-t border-dashed border-line" />
          <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-line" />
          <svg
            viewBox={`0 0 ${days.length * slot} 100`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full"
            role="presentation"
          >
            {values.map((value, i) => {
              const height = top === 0 ? 0 : (value / top) * 100;
              return (
                <rect
                  key={days[i]!.date}
                  x={i * slot + (slot - bar) / 2}
                  y={100 - height}
                  width={bar}
                  height={height}
                  className="fill-accent"
                />
              );
            })}
          </svg>
        </div>
        <div className="relative mt-2 h-4 text-xs text-muted">
          {labelled
            .filter((index, i, all) => all.indexOf(index) === i)
            .map((index) => (
              <span
                key={index}
                className="absolute -translate-x-1/2 whitespace-nowrap first:translate-x-0 last:-translate-x-full"
                style={{ left: `${((index + 0.5) / days.length) * 100}%` }}
              >
                {dayLabel(days[index]!.date)}
              </span>
            ))}
        </div>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Gross sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel(day.date)}</th>
              <td>{formatPHP(day.grossSales)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** The chart's top: the largest day rounded up to 1, 2 or 5 times a power of ten (in centavos). */
function niceCeiling(centavos: number): number {
  if (centavos <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(centavos));
  const step = [1, 2, 5, 10].find((s) => s * power >= centavos) ?? 10;
  return step * power;
}
