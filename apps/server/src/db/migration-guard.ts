import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ShippedMigration {
  tag: string;
  when: number;
  sha256: string;
}

interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * What is wrong with a migrations folder against the list of shipped migrations: a shipped
 * migration changed, removed or moved, or a new one not yet recorded or dated before the last
 * shipped one (the migrator would skip it). Empty when the folder only appends.
 */
export function migrationProblems(folder: string, shipped: readonly ShippedMigration[]): string[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const sqlFiles = readdirSync(folder).filter((f) => f.endsWith('.sql'));
  const problems: string[] = [];
  const hashOf = (tag: string) => {
    const file = path.join(folder, `${tag}.sql`);
    return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : null;
  };

  shipped.forEach((migration, i) => {
    const entry = journal.entries[i];
    if (entry?.tag !== migration.tag || entry.when !== migration.when) {
      problems.push(
        `${migration.tag}: shipped as journal entry ${i} dated ${migration.when}; the journal no longer says so`,
      );
    }
    const hash = hashOf(migration.tag);
    if (hash === null) problems.push(`${migration.tag}: shipped, but its SQL file is gone`);
    else if (hash !== migration.sha256)
      problems.push(`${migration.tag}: shipped, but its SQL changed (now ${hash})`);
  });
  const lastShipped = shipped.at(-1)?.when ?? 0;
  for (const entry of journal.entries.slice(shipped.length)) {
    problems.push(
      entry.when <= lastShipped
        ? `${entry.tag}: dated before the last shipped migration, so databases would never run it`
        : `${entry.tag}: new; when it ships, append { tag: '${entry.tag}', when: ${entry.when}, sha256: '${hashOf(entry.tag)}' }`,
    );
  }
  const journalled = new Set(journal.entries.map((e) => `${e.tag}.sql`));
  for (const file of sqlFiles.filter((f) => !journalled.has(f))) {
    problems.push(`${file}: not in the journal, so it never runs`);
  }
  return problems;
}
