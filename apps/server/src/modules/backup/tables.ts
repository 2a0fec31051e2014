import { getTableName, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';

/**
 * The schema's tables, each after the tables it references, so rows restored in this order
 * satisfy every foreign key. Derived from the schema, so a new table is backed up without a list
 * to keep. (The `*_versions` counters of migrations 0005, 0011 and 0013 are out of the schema on
 * purpose: they only tell caches to refresh, and a restored store starts with empty caches.)
 */
export const TABLES_IN_ORDER: string[] = (() => {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const references = new Map(
    tables.map((table) => [
      getTableName(table),
      getTableConfig(table)
        .foreignKeys.map((key) => getTableName(key.reference().foreignTable))
        .filter((name) => name !== getTableName(table)),
    ]),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.has(name)) throw new Error(`foreign keys form a cycle through ${name}`);
    visiting.add(name);
    for (const referenced of references.get(name) ?? []) visit(referenced);
    ordered.push(name);
  };
  for (const name of [...references.keys()].sort()) visit(name);
  return ordered;
})();

export interface Column {
  name: string;
  /** How the archive writes it: exact text for numbers, base64 for bytes, JSON for the rest. */
  kind: 'text' | 'bytes' | 'json';
}

/** A table's stored columns as the database has them now (generated ones are derived, not kept). */
export async function columnsOf(db: Executor, table: string): Promise<Column[]> {
  const result = (await db.execute(sql`
    select attname as name, format_type(atttypid, atttypmod) as type
      from pg_attribute
     where attrelid = ${`public.${table}`}::regclass and attnum > 0 and not attisdropped
       and attgenerated = ''
     order by attnum`)) as unknown as { rows: { name: string; type: string }[] };
  return result.rows.map(({ name, type }) => ({
    name,
    kind: type === 'bytea' ? 'bytes' : /^(numeric|bigint)/.test(type) ? 'text' : 'json',
  }));
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
