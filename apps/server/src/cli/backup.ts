import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import {
  archiveName,
  BadArchiveError,
  describeArchive,
  NoStoreError,
  pruneBackups,
  verifyArchive,
  writeArchive,
} from '../modules/backup/index.ts';
import { openImageStore } from '../modules/uploads/index.ts';
import { CONTROL_SOCKET } from '../runtime/control-socket.ts';
import { startupFailure } from '../runtime/startup-failure.ts';

/**
 * `npm run backup [-- --out DIR] [--keep-daily N --keep-weekly N]`: writes one archive of the
 * store (DATA_DIR/backups by default) while it keeps serving. On PostgreSQL this process reads
 * the database itself; on the embedded database the running server writes it through its control
 * socket, or, with no server running, this process opens the database. The archive is checked
 * like a restore checks it before it gets its name, so a named archive is a whole one.
 */
const USAGE = 'Usage: npm run backup [-- --out <dir>] [--keep-daily <n> --keep-weekly <n>]';
let options: { out?: string; 'keep-daily'?: string; 'keep-weekly'?: string };
try {
  options = parseArgs({
    options: { out: { type: 'string' }, 'keep-daily': { type: 'string' }, 'keep-weekly': { type: 'string' } },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const keep = (value: string | undefined) => {
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(USAGE);
    process.exit(2);
  }
  return value === undefined ? undefined : Number(value);
};
const keepDaily = keep(options['keep-daily']);
const keepWeekly = keep(options['keep-weekly']);

/** Asks a server holding the embedded database for the archive; false when none listens. */
function fromServer(socketPath: string, open: () => Writable): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const call = request({ socketPath, method: 'POST', path: '/backup' }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`the server answered ${response.statusCode} to the backup request`));
        response.resume();
        return;
      }
      pipeline(response, open()).then(() => resolve(true), reject);
    });
    call.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
    call.end();
  });
}

async function writeTo(config: Config, file: string): Promise<void> {
  // Archives hold customers' details and password hashes: for the store's user only.
  const open = () => createWriteStream(file, { mode: 0o600 });
  if (!config.databaseUrl) {
    const served = await fromServer(path.join(config.dataDir, CONTROL_SOCKET), open);
    if (served) return;
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: 1,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      owner: 'npm run backup',
    });
    const storage = openImageStore(database.db, database.kind, {
      storage: config.storage,
      uploadsDir: config.uploadsDir,
      cacheBytes: 0,
    }).kind;
    await writeArchive(database.db, { database: database.kind, storage, dataDir: config.dataDir }, open());
  } finally {
    await database?.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let temp: string | undefined;
try {
  const config = loadConfig();
  const dir = options.out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), options.out)
    : path.join(config.dataDir, 'backups');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const started = Date.now();
  const file = path.join(dir, archiveName(new Date()));
  temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await writeTo(config, temp);
  const summary = await verifyArchive(temp);
  await rename(temp, file);
  temp = undefined;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${file}\n  ${megabytes((await stat(file)).size)}, ${describeArchive(summary)}, ${seconds} s`);
  if (keepDaily !== undefined || keepWeekly !== undefined) {
    const removed = await pruneBackups(dir, { daily: keepDaily ?? 0, weekly: keepWeekly ?? 0 });
    if (removed.length) console.log(`Removed ${removed.length} older archive(s): ${removed.join(', ')}`);
  }
} catch (error) {
  if (temp) await rm(temp, { force: true });
  const known =
    error instanceof BadArchiveError || error instanceof NoStoreError ? error.message : startupFailure(error);
  if (!known) throw error;
  console.error(`Backup failed: ${known}`);
  process.exitCode = 1;
}
