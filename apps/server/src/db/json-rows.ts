import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * An insert of `rows` into `table` with the rows as one JSON parameter, read back into the
 * table's row type by json_populate_recordset: for a statement that writes many values (an
 * order, its lines and its mail). Drizzle binds each value as a parameter of its own, and
 * building those statements was a sixth of an order's time in the server; this one is a column
 * list and a JSON string. The columns written are the first row's (every row has the same keys);
 * the others take their defaults. Values go as JSON does: numerics and timestamps as the strings
 * the columns read back as, jsonb columns as the objects they hold. With `when`, the rows are
 * written only if that condition holds.
 */
export function jsonInsert<T extends PgTable>(table: T, rows: T['$inferInsert'][], when?: SQL): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {}).filter((key) => key in columns);
  if (keys.length === 0) throw new Error(`jsonInsert: no columns of ${getTableName(table)} to write`);
  // One chunk of text, not an identifier and a comma per column: Drizzle walks every chunk of a
  // statement each time it builds one. The names are the schema's own.
  const names = sql.raw(keys.map((key) => `"${columns[key]!.name.replaceAll('"', '""')}"`).join(', '));
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(
        keys.map((key) => [columns[key]!.name, (row as Record<string, unknown>)[key] ?? null]),
      ),
    ),
  );
  return sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)${when ? sql` where ${when}` : sql``}`;
}
