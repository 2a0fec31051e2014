import pg from 'pg';

// On PostgreSQL each Vitest worker runs its files on a database of its own, copied from the
// migrated test database (global-setup.ts), so that files run side by side as they do on
// PGlite. The copies are made when a worker first needs one and dropped at the next run's start
// (their schema may be older than the migrations).

/** The name of the database a URL names. */
function databaseOf(url: string) {
  return new URL(url).pathname.slice(1);
}

/** The URL of another database on the same server, as the same role. */
function withDatabase(url: string, name: string) {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/** Runs `work` on the server's maintenance database, to create and drop others from. */
async function onMaintenance<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: withDatabase(baseUrl, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops the workers' copies a previous run left. */
export function dropWorkerDatabases(baseUrl: string) {
  return onMaintenance(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname ~ $1',
      [`^${databaseOf(baseUrl)}_w[0-9]+$`],
    );
    for (const { datname } of rows) await client.query(`drop database "${datname}" with (force)`);
  });
}

/**
 * The URL of worker `workerId`'s database, `<test database>_w<worker id>`, created from the test
 * database if it is not there yet (setup.ts points DATABASE_URL at it).
 */
export async function workerDatabaseUrl(baseUrl: string, workerId: string): Promise<string> {
  const base = databaseOf(baseUrl);
  const name = `${base}_w${workerId}`;
  await onMaintenance(baseUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}" template "${base}"`);
  });
  return withDatabase(baseUrl, name);
}
