import pg from 'pg';

// On PostgreSQL each Vitest worker runs its files on a database of its own, copied from the
// migrated test database (global-setup.ts), so that files run side by side as they do on
// PGlite. The copies are made when a worker first needs one and dropped at the next run's start
// (their schema may be older than the migrations).

/** The database a worker's files use: `<test database>_w<worker id>`. */
function workerDatabaseName(baseUrl: string, workerId: string) {
  return `${new URL(baseUrl).pathname.slice(1)}_w${workerId}`;
}

/** The same server's maintenance database, to create and drop others from. */
function maintenanceUrl(baseUrl: string) {
  const url = new URL(baseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

async function withMaintenance<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: maintenanceUrl(baseUrl) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Drops the workers' copies a previous run left. */
export function dropWorkerDatabases(baseUrl: string) {
  const base = new URL(baseUrl).pathname.slice(1);
  return withMaintenance(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname ~ $1`,
      [`^${base}_w[0-9]+$`],
    );
    for (const { datname } of rows) await client.query(`drop database "${datname}" with (force)`);
  });
}

/**
 * The URL of this worker's database, created from the test database on first use (setup.ts
 * points DATABASE_URL at it before each file).
 */
export async function workerDatabaseUrl(baseUrl: string, workerId: string): Promise<string> {
  const name = workerDatabaseName(baseUrl, workerId);
  const base = new URL(baseUrl).pathname.slice(1);
  await withMaintenance(baseUrl, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name}" template "${base}"`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
