import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

let root: string;
let dir: string;
const held: DataDirLock[] = [];
const lock = async (...args: Parameters<typeof lockDataDir>) => {
  const taken = await lockDataDir(...args);
  held.push(taken);
  return taken;
};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'habi-lock-'));
  dir = path.join(root, 'data');
  await import('node:fs/promises').then((fs) => fs.mkdir(dir));
});
afterEach(async () => {
  await Promise.all(held.splice(0).map((l) => l.release()));
  await rm(root, { recursive: true, force: true });
});

/** A process that holds a lock of the `file` kind the way the server does, until killed. */
async function foreignHolder(socketFile: string) {
  const child = spawn(process.execPath, [
    '-e',
    `require('node:net').createServer((s) => s.end('{}')).listen(${JSON.stringify(socketFile)}, () => console.log('ready'))`,
  ]);
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return child;
}

describe.each(['abstract', 'file'] as const)('a %s data directory lock', (kind) => {
  it('refuses a second holder, naming the first', async () => {
    await lock(dir, 'the Habi server', kind);
    const second = lockDataDir(dir, 'npm run admin:create', kind);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(
      `The data directory ${dir} is in use by the Habi server (pid ${process.pid}, since `,
    );
  });

  it('is free again once released', async () => {
    const first = await lockDataDir(dir, 'first', kind);
    await first.release();
    await expect(lock(dir, 'second', kind)).resolves.toBeDefined();
  });

  it('keeps other directories free', async () => {
    const other = path.join(root, 'other');
    await import('node:fs/promises').then((fs) => fs.mkdir(other));
    await lock(dir, 'first', kind);
    await expect(lock(other, 'second', kind)).resolves.toBeDefined();
  });
});

describe('the abstract lock', () => {
  it('is the same lock for the directory reached through a symlink', async () => {
    const link = path.join(root, 'link');
    await symlink(dir, link);
    await lock(dir, 'the Habi server');
    await expect(lockDataDir(link, 'another')).rejects.toBeInstanceOf(DataDirLockedError);
  });
});

describe('the file lock', () => {
  it('takes over the socket file of a holder killed with SIGKILL', async () => {
    const socketFile = path.join(dir, '.habi.lock');
    const holder = await foreignHolder(socketFile);
    await expect(lockDataDir(dir, 'second', 'file')).rejects.toBeInstanceOf(DataDirLockedError);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(existsSync(socketFile)).toBe(true);
    await expect(lock(dir, 'after the crash', 'file')).resolves.toBeDefined();
  });
});
