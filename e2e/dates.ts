/**
 * The store's date rules, written out here from the rules themselves rather than taken from the
 * app, for the checks where the server's clock decides the date (an order's ETA, the day a
 * product was published) and the test cannot fix it: Manila is UTC+8 all year, with no daylight
 * saving; an ETA is the Manila calendar date the order was placed on plus the option's days.
 * Where the browser's clock decides, the specs fix it instead and write the dates out.
 */

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Manila calendar date of the instant `at`, plus `days`, as YYYY-MM-DD. */
export function manilaDatePlus(at: string, days: number): string {
  return new Date(Date.parse(at) + MANILA_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Manila calendar date of the instant `at` as the admin tables write it: DD/MM/YYYY. */
export function manilaDayMonthYear(at: string): string {
  const [year, month, day] = manilaDatePlus(at, 0).split('-');
  return `${day}/${month}/${year}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A YYYY-MM-DD date as the storefront writes an ETA: "2026-12-02" is "Wednesday, December 2". */
export function etaLabel(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]}, ${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}`;
}
