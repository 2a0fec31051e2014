import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.ts';

/**
 * README's "Configuration" holds two tables: the variables the server reads (config.ts), then
 * those only development and the build read (scripts/, the web app's Vite config). An operator
 * learns the store's settings from there, so each table must be complete and hold nothing the
 * code no longer reads.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The variables in the first cell of each row, per table of README's "Configuration" section. */
function configurationTables(): string[][] {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n'));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const tables: string[][] = [];
  let rows: string[] | undefined;
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) {
      rows = undefined;
      continue;
    }
    if (!rows) {
      rows = [];
      tables.push(rows);
    }
    rows.push(line);
  }
  // Each table's header and its |---| line come first.
  return tables.map((table) =>
    table
      .slice(2)
      .flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
  );
}

const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'public', 'test']);

/** The files of the shipped code and its scripts: apps/, packages/ and scripts/, tests aside. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(file);
    return SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every `process.env.NAME` the code outside config.ts reads, with the files reading it. */
function variablesReadElsewhere(): Map<string, string[]> {
  const read = new Map<string, string[]>();
  for (const file of ['apps', 'packages', 'scripts'].flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    for (const match of readFileSync(file, 'utf8').matchAll(/process\.env(?:\.(\w+)|\[['"](\w+)['"]\])/g)) {
      const name = (match[1] ?? match[2])!;
      read.set(name, [...(read.get(name) ?? []), path.relative(root, file)]);
    }
  }
  return read;
}

describe("README's configuration tables", () => {
  const [server = [], development = []] = configurationTables();

  it('list every variable config.ts reads', () => {
    expect(server.length).toBeGreaterThan(0);
    expect(CONFIG_VARIABLES.filter((name) => !server.includes(name))).toEqual([]);
  });

  it('list in the first table only variables config.ts reads', () => {
    expect(server.filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it('list every variable the rest of the code reads', () => {
    const documented = new Set([...server, ...development]);
    const undocumented = [...variablesReadElsewhere()].filter(([name]) => !documented.has(name));
    expect(Object.fromEntries(undocumented)).toEqual({});
  });

  it('list for development only variables read outside config.ts', () => {
    const read = variablesReadElsewhere();
    expect(development.length).toBeGreaterThan(0);
    expect(development.filter((name) => !read.has(name) || CONFIG_VARIABLES.includes(name))).toEqual([]);
  });
});
