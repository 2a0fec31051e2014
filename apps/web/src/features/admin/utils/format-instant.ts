import { LOCALE, STORE_TIME_ZONE } from '@habi/shared';

const instantFormat = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: STORE_TIME_ZONE,
});

/** "Nov 24, 2026, 5:30 AM": a moment on the store's clock. */
export function formatInstant(at: string): string {
  return instantFormat.format(new Date(at));
}
