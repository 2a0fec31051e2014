import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Inserts with their rows as one JSON parameter, read back into the table's row type by
 * json_populate_recordset: for a statement that writes many values (an order, its lines and its
 * mail). Drizzle binds each value as a parameter of its own, and building such statements costs a
 * sixth of an order's time in the server; this one is a column list and a JSON string. Values go
 * as JSON does: numerics and timestamps as the strings the columns read back as, jsonb columns as
 * the objects they hold.
 */

/** The keys of `row` that name columns of `table`: the columns an insert of such rows writes. */
export function jsonColumns<T extends PgTable>(table: T, row: T['$inferInsert'] | undefined): string[] {
  const columns = getTableColumns(table);
  const keys = Object.keys(row ?? {}).filter((key) => key in columns);
  if (keys.length === 0) throw new Error(`jsonInsert: no columns of ${getTableName(table)} to write`);
  return keys;
}

/** `rows` as the JSON parameter of an insert of the `keys` columns. */
export function jsonRows<T extends PgTable>(table: T, keys: string[], rows: T['$inferInsert'][]): string {
  const columns = getTableColumns(table);
  return JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        keys.map((key) => [columns[key]!.name, (row as Record<string, unknown>)[key] ?? null]),
      ),
    ),
  );
}

/**
 * An insert into `table` of the `keys` columns of the rows in `json` (`jsonRows`, or a placeholder
 * for it in a prepared statement); the other columns take their defaults. With `when`, the rows
 * are written only if that condition holds.
 */
export function jsonInsertOf<T extends PgTable>(table: T, keys: string[], json: unknown, when?: SQL): SQL {
  const columns = getTableColumns(table);
  // One chunk of text, not an identifier and a comma per column: Drizzle walks every chunk of a
  // statement each time it builds one. The names are the schema's own.
  const names = sql.raw(keys.map((key) => `"${columns[key]!.name.replaceAll('"', '""')}"`).join(', '));
  return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)${when ? sql` where ${when}` : sql``}`;
}

/** An insert of `rows` (all with the first row's keys) as one JSON parameter. */
export function jsonInsert<T extends PgTable>(table: T, rows: T['$inferInsert'][], when?: SQL): SQL {
  const keys = jsonColumns(table, rows[0]);
  return jsonInsertOf(table, keys, jsonRows(table, keys, rows), when);
}
