import type { MeasureKey } from '@habi/shared';
import { useId } from 'react';

/** How to take each measurement a chart may have, in the shopper's words. */
const HOW: Record<MeasureKey, string> = {
  age: 'Age is a starting point: children grow at their own pace, so go by height first.',
  height: 'Stand straight against a wall without shoes; measure from the floor to the top of the head.',
  chest: 'Around the fullest part of the chest, under the arms, keeping the tape level.',
  bust: 'Around the fullest part of the bust, under the arms, keeping the tape level.',
  waist: 'Around the natural waistline, the narrowest part of the torso, above the belly button.',
  hip: 'Around the fullest part of the hips, with feet together.',
  inseam: 'From the top of the inner thigh down to the ankle bone.',
  eu: 'The European size printed on most shoe boxes and insoles.',
  foot: 'Stand on a sheet of paper, mark the heel and the tip of the longest toe, and measure between the marks.',
};

/** Where each measurement's line is drawn on the figure (y for rounds, a line for lengths). */
const BODY_MARKS: Partial<Record<MeasureKey, number>> = { chest: 78, bust: 78, waist: 104, hip: 128 };

/**
 * "How to measure": a simple drawing (a figure with the lines to measure, or a foot) beside
 * numbered steps for the chart's own measurements. The drawing repeats what the steps say, so it
 * is hidden from screen readers.
 */
export function HowToMeasure({ columns }: { columns: readonly MeasureKey[] }) {
  const shoes = columns.includes('foot');
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="grid gap-5 rounded-2xl bg-sand/70 p-5 sm:grid-cols-[9rem_1fr]"
    >
      <div className="mx-auto w-28 text-accent sm:w-full">
        {shoes ? <FootDrawing /> : <BodyDrawing columns={columns} />}
      </div>
      <div>
        <h3 id={heading} className="font-display text-lg font-semibold">
          How to measure
        </h3>
        <p className="mt-1 text-sm text-ink-soft">
          Use a soft tape measure over light clothing, snug but not tight.
        </p>
        <ol className="mt-3 flex flex-col gap-2.5 text-sm">
          {columns.map((column, i) => (
            <li key={column} className="flex gap-3">
              <span
                aria-hidden="true"
                className="grid size-6 shrink-0 place-items-center rounded-full bg-accent text-xs font-bold text-white"
              >
                {i + 1}
              </span>
              <span>
                <span className="font-semibold">{columnName(column)}:</span>{' '}
                <span className="text-ink-soft">{HOW[column]}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const NAMES: Record<MeasureKey, string> = {
  age: 'Age',
  height: 'Height',
  chest: 'Chest',
  bust: 'Bust',
  waist: 'Waist',
  hip: 'Hip',
  inseam: 'Inseam',
  eu: 'EU size',
  foot: 'Foot length',
};
const columnName = (column: MeasureKey) => NAMES[column];

/** A figure with a dashed line round the chest, waist and hips, and the inseam, as the chart has them. */
function BodyDrawing({ columns }: { columns: readonly MeasureKey[] }) {
  const rounds = columns.filter((column) => BODY_MARKS[column] !== undefined);
  return (
    <svg viewBox="0 0 120 240" aria-hidden="true" focusable="false" className="h-auto w-full">
      <g fill="var(--color-paper)" stroke="var(--color-ink-soft)" strokeWidth="2" strokeLinejoin="round">
        <circle cx="60" cy="28" r="16" />
        <path d="M52 44h16v8l20 8c6 2 9 7 10 13l6 52c1 5-6 7-8 2l-9-44v38l4 28-5 78h-14l-6-70-6 70H40l-5-78 4-28V81l-9 44c-2 5-9 3-8-2l6-52c1-6 4-11 10-13l20-8z" />
      </g>
      <g stroke="currentColor" strokeWidth="2.5" strokeDasharray="4 3" fill="none" strokeLinecap="round">
        {rounds.map((column) => {
          const y = BODY_MARKS[column]!;
          return <path key={column} d={`M30 ${y}q30 8 60 0`} />;
        })}
        {columns.includes('inseam') && <path d="M62 150v80" />}
        {columns.includes('height') && <path d="M112 12v220" />}
      </g>
    </svg>
  );
}

/** A foot seen from above, with the length from heel to the longest toe. */
function FootDrawing() {
  return (
    <svg viewBox="0 0 120 240" aria-hidden="true" focusable="false" className="h-auto w-full">
      <path
        d="M46 226c-14 0-20-14-20-34 0-26 6-46 4-74-2-26-6-44 2-64 6-16 18-30 34-30 18 0 26 16 26 36 0 30-10 52-8 80 2 24 8 38 6 56-2 20-14 30-44 30z"
        fill="var(--color-paper)"
        stroke="var(--color-ink-soft)"
        strokeWidth="2"
      />
      <g stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round">
        <path d="M104 22v204" strokeDasharray="4 3" />
        <path d="M98 30l6-8 6 8M98 218l6 8 6-8" />
      </g>
    </svg>
  );
}
