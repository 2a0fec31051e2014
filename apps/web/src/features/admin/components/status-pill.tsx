import { orderStatusColour, type StatusColour } from '@habi/shared';
import { cn } from '../../../lib/cn.ts';

const LOOKS: Record<StatusColour, string> = {
  yellow: 'bg-amber-100 text-amber-900 [--dot:var(--color-amber-500)]',
  green: 'bg-emerald-100 text-emerald-900 [--dot:var(--color-emerald-600)]',
  red: 'bg-red-100 text-red-900 [--dot:var(--color-red-600)]',
  grey: 'bg-stone-100 text-stone-700 [--dot:var(--color-stone-400)]',
};

/**
 * An order's status as a coloured pill (pending yellow, completed green, cancelled red, else
 * grey); another kind of status brings its own colour.
 */
export function StatusPill({
  status,
  colour = orderStatusColour(status),
}: {
  status: string;
  colour?: StatusColour;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize',
        LOOKS[colour],
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-[var(--dot)]" />
      {status}
    </span>
  );
}
