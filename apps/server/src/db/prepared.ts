import type { Executor } from './client.ts';

/** Each database's prepared statements, by name. */
const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The statement `name` of this database: built by `build` when first asked for, then kept.
 * Building a statement is a large share of a short request's time in the server, and PostgreSQL
 * plans a prepared one once per connection. A name stands for one shape of statement.
 */
export function prepared<T>(db: Executor, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}
