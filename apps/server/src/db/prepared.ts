import type { Executor } from './client.ts';

/** Each database's prepared statements, by shape. */
const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * The statement of this database kept under `key` (one shape of statement): built by `build`
 * when first asked for, then kept. Building a statement is a large share of a short request's
 * time in the server, and PostgreSQL plans a prepared one once per connection.
 */
export function prepared<T>(db: Executor, key: string, build: () => T): T {
  let byKey = statements.get(db);
  if (!byKey) {
    byKey = new Map();
    statements.set(db, byKey);
  }
  let statement = byKey.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byKey.set(key, statement);
  }
  return statement;
}
