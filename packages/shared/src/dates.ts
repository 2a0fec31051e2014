import { DELIVERY_OPTIONS, type DeliveryFee, LOCALE, STORE_TIME_ZONE } from './constants.ts';
import { onFirstUse } from './first-use.ts';

// en-CA formats as YYYY-MM-DD.
const storeDateFormat = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: STORE_TIME_ZONE }));
/** Calendar date "YYYY-MM-DD" of an instant in the store's time zone. */
export function storeDate(at: Date): string {
  return storeDateFormat().format(at);
}

/** Adds whole days to a "YYYY-MM-DD" date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function deliveryOptionFor(fee: number) {
  return DELIVERY_OPTIONS.find((option) => option.fee === fee);
}

/** The ETA of a delivery option ordered at `at`, as "YYYY-MM-DD". */
export function deliveryDate(fee: DeliveryFee, at: Date = new Date()): string {
  const option = deliveryOptionFor(fee);
  if (!option) throw new Error(`Unknown delivery fee: ${fee}`);
  return addDays(storeDate(at), option.days);
}

const labelFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
);
/** "2026-12-01" -> "Tuesday, December 1" (the cart's delivery date label). */
export function deliveryDateLabel(isoDate: string): string {
  return labelFormat().format(new Date(`${isoDate}T00:00:00Z`));
}

const dayMonthYearFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: STORE_TIME_ZONE,
    }),
);
/** Day/month/year, as the admin tables show dates. */
export function formatDayMonthYear(at: string | Date): string {
  return dayMonthYearFormat().format(typeof at === 'string' ? new Date(at) : at);
}

const wallClockFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: STORE_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);
/** The clock on the store's wall at an instant, read as if it were UTC (ms). */
function storeWallClock(at: number): number {
  const parts = wallClockFormat().formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant a "YYYY-MM-DD" day starts in the store's time zone, as ISO text. */
export function storeDayStart(isoDate: string): string {
  const midnightUtc = Date.parse(`${isoDate}T00:00:00Z`);
  const offset = storeWallClock(midnightUtc) - midnightUtc;
  return new Date(midnightUtc - offset).toISOString();
}
