import { execFileSync } from 'node:child_process';
import { mkdtemp, open, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A small file system for the tests of a full disk: a tmpfs mounted for the test, which needs
 * root (or CAP_SYS_ADMIN) on Linux.
 */

/** Why this machine cannot mount a tmpfs, or undefined when it can. */
export async function cannotMount(): Promise<string | undefined> {
  if (process.platform !== 'linux') return 'mounting a tmpfs needs Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const dir = await mkdtemp(path.join(tmpdir(), 'habi-mount-check-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir]);
    return undefined;
  } catch (error) {
    const said = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `mount -t tmpfs was refused (${said || String(error)})`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface SmallDisk {
  /** Where it is mounted. */
  dir: string;
  /**
   * Fills what is left with one file, chunk by chunk until the disk refuses (others write beside
   * it), or all but `leaveBytes` of it in one write.
   */
  fill(leaveBytes?: number): Promise<void>;
  /** Removes that file. */
  free(): Promise<void>;
  freeBytes(): Promise<number>;
  unmount(): Promise<void>;
}

export async function smallDisk(sizeMb: number): Promise<SmallDisk> {
  const dir = await mkdtemp(path.join(tmpdir(), 'habi-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir]);
  const filler = path.join(dir, 'filler');
  const freeBytes = async () => {
    const { bavail, bsize } = await statfs(dir);
    return bavail * bsize;
  };
  const writes = async (file: Awaited<ReturnType<typeof open>>, chunk: Buffer) => {
    try {
      await file.write(chunk);
      return true;
    } catch (error) {
      if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      return false;
    }
  };
  return {
    dir,
    freeBytes,
    async fill(leaveBytes = 0) {
      const file = await open(filler, 'a');
      try {
        if (leaveBytes > 0) return void (await file.write(Buffer.alloc((await freeBytes()) - leaveBytes)));
        for (const size of [1024 * 1024, 4096]) {
          const chunk = Buffer.alloc(size);
          while (await writes(file, chunk));
        }
      } finally {
        await file.close();
      }
    },
    free: () => rm(filler, { force: true }),
    async unmount() {
      // Lazily: a stopped PGlite instance in this process may still hold its files open.
      execFileSync('umount', ['-l', dir]);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
