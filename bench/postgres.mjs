// The benchmarks' own PostgreSQL database, named by a connection string: created fresh before a
// run and dropped after it, through the server's maintenance database (the role must be allowed
// to create databases).
import pg from 'pg';

/** The database's name, refused unless it is a plain identifier. */
function databaseName(url) {
  const name = new URL(url).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`BENCH_DATABASE_URL: unusual database name "${name}"`);
  return name;
}

/** Runs one SQL statement on the server's maintenance database (a database cannot drop itself). */
async function onServer(url, sql) {
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url) {
  await onServer(url, `drop database if exists ${databaseName(url)} with (force)`);
}

export async function createFreshDatabase(url) {
  await dropDatabase(url);
  await onServer(url, `create database ${databaseName(url)}`);
}
