import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import {
  BadArchiveError,
  describeArchive,
  RestoreRefusedError,
  restoreArchive,
  verifyArchive,
} from '../modules/backup/index.ts';
import { startupFailure } from '../runtime/startup-failure.ts';

/**
 * `npm run restore -- <file> [--force]`: restores an archive of `npm run backup` onto this store
 * (DATABASE_URL or DATA_DIR), embedded or PostgreSQL whichever wrote it. The whole archive is
 * checked before anything is written; a store with data is replaced only with --force. On the
 * embedded database the server must be stopped; on PostgreSQL the instances' boot lock is held.
 */
const USAGE = 'Usage: npm run restore -- <backup file> [--force]';
let parsed: { values: { force?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [given, ...extra] = parsed.positionals;
if (!given || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);

let database: Database | undefined;
try {
  const config = loadConfig();
  const started = Date.now();
  const summary = await verifyArchive(file);
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: 2,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    owner: 'npm run restore',
  });
  await restoreArchive(database, file, summary, {
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    storage: config.storage,
    force: parsed.values.force === true,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Restored ${file}\n  ${describeArchive(summary)}, ${seconds} s. Start the store as usual.`);
} catch (error) {
  const refused = error instanceof BadArchiveError || error instanceof RestoreRefusedError;
  const known = refused ? `${error.message} Nothing was restored.` : startupFailure(error);
  if (!known) throw error;
  console.error(known);
  process.exitCode = 1;
} finally {
  await database?.close();
}
