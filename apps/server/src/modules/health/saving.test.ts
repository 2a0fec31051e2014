import { describe, expect, it } from 'vitest';
import { HEADROOM_BYTES } from '../../lib/disk-space.ts';
import { canSaveAgain, SaveFailures, SUMMARY_MS } from './saving.ts';

const diskFull = {
  cause: { code: '53100', message: 'could not extend file "base/5/16385": No space left on device' },
};
const filesFull = Object.assign(new Error('ENOSPC: no space left on device, write'), {
  code: 'ENOSPC',
  syscall: 'write',
});

function failures() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log = Object.fromEntries(
    (['error', 'warn', 'info'] as const).map((level) => [
      level,
      (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message }),
    ]),
  ) as unknown as ConstructorParameters<typeof SaveFailures>[0];
  let now = Date.parse('2026-11-27T10:00:00Z');
  const saving = new SaveFailures(log, () => now);
  return {
    saving,
    lines,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe('SaveFailures', () => {
  it('logs the first refusal, then one line a minute with how many followed, then one when it clears', () => {
    const { saving, lines, advance } = failures();
    expect(saving.active).toBe(false);
    saving.refused(diskFull, { reqId: 'first' });
    expect(saving.active).toBe(true);
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { reqId: 'first', code: '53100', error: diskFull.cause.message, place: 'database' },
        message: 'cannot save: no space left for the database; answering 503 until there is room',
      },
    ]);
    // A thousand refusals within the minute: no line.
    for (let i = 0; i < 1000; i++) {
      advance(50);
      saving.refused(diskFull);
    }
    expect(lines).toHaveLength(1);
    advance(SUMMARY_MS - 50_000);
    saving.refused(diskFull);
    expect(lines.slice(1)).toEqual([
      {
        level: 'warn',
        fields: { refused: 1001, since: '2026-11-27T10:00:00.000Z' },
        message: 'still cannot save: 1001 more write(s) refused in the last 60 s',
      },
    ]);
    advance(30_000);
    saving.refused(diskFull);
    expect(lines).toHaveLength(2);
    advance(5_000);
    saving.cleared();
    expect(saving.active).toBe(false);
    expect(lines.slice(2)).toEqual([
      {
        level: 'info',
        fields: { ms: 95_000, refused: 1003 },
        message: 'can save again after 95 s; 1003 write(s) were refused meanwhile',
      },
    ]);
    // Clearing again says nothing; a new refusal starts over.
    saving.cleared();
    saving.refused(diskFull);
    expect(lines.map((l) => l.level)).toEqual(['error', 'warn', 'info', 'error']);
  });

  it('logs each place that runs out once, and says which in the health check', () => {
    const { saving, lines } = failures();
    saving.refused(diskFull);
    saving.refused(filesFull);
    saving.refused(filesFull);
    expect(lines.map((l) => l.message)).toEqual([
      'cannot save: no space left for the database; answering 503 until there is room',
      'cannot save: no space left for the data directory (images, mail); answering 503 until there is room',
    ]);
    expect([...saving.places]).toEqual(['database', 'files']);
    expect(saving.describe({ reads: true })).toBe(
      'Cannot save changes since 2026-11-27T10:00:00.000Z: no space left for the database and the data ' +
        'directory (images, mail). Reads still work.',
    );
    expect(saving.describe({ reads: false })).not.toContain('Reads still work');
  });
});

describe('canSaveAgain', () => {
  const probe = (canWrite: boolean, free: number) => ({
    canWrite: async () => canWrite,
    freeBytes: async () => free,
  });

  it('asks only the places that ran out', async () => {
    const database = new Set(['database'] as const);
    const files = new Set(['files'] as const);
    expect(await canSaveAgain(database, probe(true, 0))).toBe(true);
    expect(await canSaveAgain(database, probe(false, HEADROOM_BYTES))).toBe(false);
    expect(await canSaveAgain(files, probe(false, HEADROOM_BYTES))).toBe(true);
    expect(await canSaveAgain(files, probe(true, HEADROOM_BYTES - 1))).toBe(false);
    expect(await canSaveAgain(new Set(['database', 'files'] as const), probe(true, HEADROOM_BYTES))).toBe(
      true,
    );
  });
});
