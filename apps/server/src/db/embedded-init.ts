import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LOCK_FILE } from './data-dir-lock.ts';

/** The file PostgreSQL's initdb writes; a directory without it holds no database yet. */
const MADE = 'PG_VERSION';

/**
 * Makes a new data directory in `dir` (locked by the caller) when it holds none. PGlite's initdb
 * runs a second PostgreSQL beside the first, and the WebAssembly memory both grow to (550 MB at
 * the peak) stays with the process that ran it, so a child process runs it and exits. It works
 * in a directory beside `dir`, and its files move in with PG_VERSION last: a first start cut
 * short leaves no half-made database, and the next one clears what it left and starts over.
 * `onStderr` gets PostgreSQL's lines (why it failed, a full disk included).
 */
export async function makeDataDirIfNone(dir: string, onStderr: (line: string) => void): Promise<void> {
  if (existsSync(path.join(dir, MADE))) return;
  const work = `${dir}.initdb`;
  await rm(work, { recursive: true, force: true });
  // A failed initdb (a disk too small, say) leaves nothing behind to fill it.
  await runInitdb(work, onStderr).catch(async (error: unknown) => {
    await rm(work, { recursive: true, force: true });
    throw error;
  });
  for (const leftover of await readdir(dir)) {
    // The lock's file, on systems without abstract sockets, stays.
    if (leftover !== LOCK_FILE) await rm(path.join(dir, leftover), { recursive: true, force: true });
  }
  const entries = (await readdir(work)).sort((a, b) => Number(a === MADE) - Number(b === MADE));
  for (const entry of entries) await rename(path.join(work, entry), path.join(dir, entry));
  await rm(work, { recursive: true });
}

/** What the child prints as its last line when initdb fails: PGlite's error, as far as it goes. */
type Failure = { name?: string; errno?: number; code?: string; message?: string };

function runInitdb(dir: string, onStderr: (line: string) => void): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // PGlite's file system fails with an ErrnoError (errno 51 for a full disk): passed on as JSON,
  // so the parent can tell a full disk (lib/db-errors.ts) from any other failure.
  const script = `require(${JSON.stringify(pglite)})
    .PGlite.create({ dataDir: process.argv[1] })
    .then((db) => db.close())
    .catch((e) => {
      const { name, errno, code, message } = e ?? {};
      console.error(JSON.stringify({ name, errno, code, message: String(message ?? e) }));
      process.exit(1);
    });`;
  const child = spawn(process.execPath, ['--liftoff-only', '-e', script, dir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let pending = '';
  let last = '';
  const line = (text: string) => {
    if (text.trim()) last = text.trim();
    onStderr(text);
  };
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    lines.forEach(line);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (pending) line(pending);
      if (code === 0) return resolve();
      let failure: Failure = { message: last || signal || `exit code ${code}` };
      try {
        failure = JSON.parse(last) as Failure;
      } catch {}
      const { message, ...what } = failure;
      reject(Object.assign(new Error(`could not make the embedded database in ${dir}: ${message}`), what));
    });
  });
}
