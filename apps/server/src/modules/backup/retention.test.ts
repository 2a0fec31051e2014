import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { archiveName, pruneBackups } from './retention.ts';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

it('keeps the newest archive of each of the last 7 days and of the last 4 weeks', async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'habi-retention-'));
  // Two archives a day, 03:15 and 15:15 UTC, from Thursday 2026-10-01 to Friday 2026-11-27.
  for (let day = 0; day < 58; day++) {
    for (const hour of [3, 15]) {
      const at = new Date(Date.UTC(2026, 9, 1 + day, hour, 15, 0));
      await writeFile(path.join(dir, archiveName(at)), '');
    }
  }
  await writeFile(path.join(dir, 'notes.txt'), 'not an archive');
  const removed = await pruneBackups(dir, { daily: 7, weekly: 4 });
  const kept = (await readdir(dir)).sort();
  expect(kept).toEqual([
    // The newest of weeks starting Monday 2 and 9 November (the later two weeks' are daily ones).
    'habi-backup-2026-11-08T151500Z.ndjson.gz',
    'habi-backup-2026-11-15T151500Z.ndjson.gz',
    ...[21, 22, 23, 24, 25, 26, 27].map((day) => `habi-backup-2026-11-${day}T151500Z.ndjson.gz`),
    'notes.txt',
  ]);
  expect(removed).toHaveLength(116 - 9);
});
