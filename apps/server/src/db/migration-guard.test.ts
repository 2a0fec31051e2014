import { appendFile, cp, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';
import { migrationProblems } from './migration-guard.ts';
import { SHIPPED_MIGRATIONS } from './shipped-migrations.ts';

describe('shipped migrations', () => {
  it('are all in the folder, unchanged, and nothing unrecorded sits beside them', () => {
    expect(migrationProblems(migrationsFolder, SHIPPED_MIGRATIONS)).toEqual([]);
  });
});

describe('the migration guard', () => {
  let folder: string;
  const journalFile = () => path.join(folder, 'meta/_journal.json');
  const journal = async () => JSON.parse(await readFile(journalFile(), 'utf8'));

  beforeEach(async () => {
    folder = path.join(await mkdtemp(path.join(tmpdir(), 'habi-migrations-')), 'migrations');
    await cp(migrationsFolder, folder, { recursive: true });
  });
  afterEach(() => rm(path.dirname(folder), { recursive: true, force: true }));

  it('fails when a shipped migration is edited, even by a comment', async () => {
    await appendFile(path.join(folder, '0000_init.sql'), '\n-- tidied\n');
    const [problem, ...rest] = migrationProblems(folder, SHIPPED_MIGRATIONS);
    expect(problem).toMatch(/^0000_init: shipped, but its SQL changed \(now [0-9a-f]{64}\)$/);
    expect(rest).toEqual([]);
  });

  it('fails when a shipped migration is deleted', async () => {
    await unlink(path.join(folder, '0000_init.sql'));
    expect(migrationProblems(folder, SHIPPED_MIGRATIONS)).toEqual([
      '0000_init: shipped, but its SQL file is gone',
    ]);
  });

  it('fails when a shipped migration is re-dated in the journal', async () => {
    const edited = await journal();
    edited.entries[0].when += 1;
    await writeFile(journalFile(), JSON.stringify(edited));
    expect(migrationProblems(folder, SHIPPED_MIGRATIONS)).toEqual([
      '0000_init: shipped as journal entry 0 dated 1795365169152; the journal no longer says so',
    ]);
  });

  it('asks for a new migration to be recorded, with the line to append', async () => {
    const edited = await journal();
    const when = SHIPPED_MIGRATIONS.at(-1)!.when + 1;
    edited.entries.push({
      idx: SHIPPED_MIGRATIONS.length,
      version: '7',
      when,
      tag: '0009_next',
      breakpoints: true,
    });
    await writeFile(journalFile(), JSON.stringify(edited));
    await writeFile(path.join(folder, '0009_next.sql'), 'select 1;');
    expect(migrationProblems(folder, SHIPPED_MIGRATIONS)).toEqual([
      `0009_next: new; when it ships, append { tag: '0009_next', when: ${when}, sha256: ` +
        "'354b7196c9ba5fb4b21cf615bb6ec4cd5c07503c34229feef033fc081a8c03f4' }",
    ]);
  });

  it('refuses a new migration dated before the last shipped one, and SQL outside the journal', async () => {
    const edited = await journal();
    edited.entries.push({ idx: 9, version: '7', when: 1795000000000, tag: '0009_old', breakpoints: true });
    await writeFile(journalFile(), JSON.stringify(edited));
    await writeFile(path.join(folder, '0009_old.sql'), 'select 1;');
    await writeFile(path.join(folder, '0002_stray.sql'), 'select 2;');
    expect(migrationProblems(folder, SHIPPED_MIGRATIONS)).toEqual([
      '0009_old: dated before the last shipped migration, so databases would never run it',
      '0002_stray.sql: not in the journal, so it never runs',
    ]);
  });
});
