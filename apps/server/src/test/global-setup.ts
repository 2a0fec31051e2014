import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { dropWorkerDatabases } from './worker-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/**
 * Migrates once per run. On PGlite the migrated data directory is dumped, and each test
 * file opens its own copy (~0.5 s instead of ~4 s for a new database). On PostgreSQL the
 * test database is rebuilt from scratch and is the template of each worker's own copy
 * (setup.ts), so that files run side by side there too.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // The suite empties the database it is given: refuse anything not named for tests.
    const name = new URL(databaseUrl).pathname.slice(1);
    if (!/test/i.test(name))
      throw new Error(`Refusing to run the tests on "${name}": use a database named *test*`);
    const database = await openDatabase({ databaseUrl });
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await database.withBootLock(({ migrate }) => migrate());
    await database.close();
    await dropWorkerDatabases(databaseUrl);
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({});
  await database.withBootLock(({ migrate }) => migrate());
  const dump = await database.dump!();
  await database.close();
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'habi-test-')), 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}
