import { statSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Another process holds the directory; the message says who and what to do. */
export class DataDirLockedError extends Error {}

interface Holder {
  pid: number;
  owner: string;
  since: string;
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * One process at a time may open an embedded database directory: two writers corrupt it.
 * The lock is a listening Unix socket, which the kernel releases however its process ends
 * (kill -9 included), so no stale lock can block the next start. On Linux the socket lives in
 * the abstract namespace, named after the directory's device and inode, so the same directory
 * reached by another path is the same lock; elsewhere it is a socket file inside the directory.
 * The holder answers a connection with who it is, for the refusal message.
 */
export async function lockDataDir(
  dir: string,
  owner: string,
  kind: 'abstract' | 'file' = process.platform === 'linux' ? 'abstract' : 'file',
): Promise<DataDirLock> {
  const address = lockAddress(dir, kind);
  const me: Holder = { pid: process.pid, owner, since: new Date().toISOString() };
  const server = net.createServer((socket) => socket.end(JSON.stringify(me)));
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await askHolder(address);
    if (holder) throw new DataDirLockedError(lockedMessage(dir, holder));
    // A socket file left by a process that died: nothing listens on it, so it can go.
    unlinkSync(address);
    await listen(server, address);
  }
  server.unref();
  return {
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The lock's socket file in the directory, where abstract sockets are missing (not Linux). */
export const LOCK_FILE = '.habi.lock';

function lockAddress(dir: string, kind: 'abstract' | 'file'): string {
  if (kind === 'file') return path.join(dir, LOCK_FILE);
  const { dev, ino } = statSync(dir);
  return `\0habi-data-dir:${dev}:${ino}`;
}

function listen(server: net.Server, address: string) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

const UNKNOWN_HOLDER: Holder = { pid: 0, owner: 'another process', since: '' };

/**
 * Who listens on the lock, or null when nothing does (only a socket file can be left behind).
 * A holder too busy to answer within a second still holds it.
 */
function askHolder(address: string): Promise<Holder | null> {
  return new Promise((resolve) => {
    let connected = false;
    let text = '';
    const socket = net.connect(address, () => {
      connected = true;
    });
    socket.setTimeout(1000, () => socket.destroy());
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!connected) return resolve(address.startsWith('\0') ? UNKNOWN_HOLDER : null);
      try {
        resolve(JSON.parse(text) as Holder);
      } catch {
        resolve(UNKNOWN_HOLDER);
      }
    });
  });
}

function lockedMessage(dir: string, holder: Holder): string {
  const who = holder.pid ? `${holder.owner} (pid ${holder.pid}, since ${holder.since})` : holder.owner;
  return (
    `The data directory ${dir} is in use by ${who}. The embedded database allows one process at a ` +
    'time: stop that process first, or set DATA_DIR to another directory. To run several ' +
    'processes on one store, use PostgreSQL (DATABASE_URL).'
  );
}
