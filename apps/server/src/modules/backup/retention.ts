import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** How the backup CLI names its archives: the UTC time it started. */
export const ARCHIVE_NAME = /^habi-backup-(\d{4}-\d{2}-\d{2})T\d{6}Z\.ndjson\.gz$/;

export const archiveName = (at: Date) =>
  `habi-backup-${at
    .toISOString()
    .replace(/:/g, '')
    .replace(/\.\d+Z$/, 'Z')}.ndjson.gz`;

/** The Monday (UTC) that starts the ISO week of a `YYYY-MM-DD` day. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return date.toISOString().slice(0, 10);
}

/**
 * Keeps the newest archive of each of the last `daily` days that have one and of each of the
 * last `weekly` weeks, and deletes the other archives in `dir`; files not named like an archive
 * are left alone. Returns the names deleted.
 */
export async function pruneBackups(dir: string, { daily, weekly }: { daily: number; weekly: number }) {
  const names = (await readdir(dir))
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .reverse();
  const days = new Set<string>();
  const weeks = new Set<string>();
  const removed: string[] = [];
  for (const name of names) {
    const day = ARCHIVE_NAME.exec(name)![1]!;
    const week = weekOf(day);
    const newDay = !days.has(day) && days.size < daily;
    const newWeek = !weeks.has(week) && weeks.size < weekly;
    if (newDay) days.add(day);
    if (newWeek) weeks.add(week);
    if (newDay || newWeek) continue;
    await rm(path.join(dir, name));
    removed.push(name);
  }
  return removed;
}
