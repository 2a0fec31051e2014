import { LOCALE } from '@habi/shared';

// Store dates are calendar days ("YYYY-MM-DD"): read and written at UTC midnight, so no time zone moves them.
const dayFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const yearFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Oct 1". */
export const dayLabel = (day: string) => dayFormat.format(at(day));

/** "Oct 1 – 31, 2026", "Sep 30 – Oct 6, 2026", or one day "Oct 1, 2026". */
export function periodLabel(from: string, to: string): string {
  if (from === to) return yearFormat.format(at(from));
  return yearFormat.formatRange(at(from), at(to));
}
