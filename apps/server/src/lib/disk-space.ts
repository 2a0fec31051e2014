import { statfs } from 'node:fs/promises';

/**
 * Free space at which a store that ran out counts as able to save again: room for a new segment
 * of PostgreSQL's write-ahead log (16 MB; PGlite stops when it cannot make one) and for the rows
 * and files that follow. Below it, saving may work for a while and fail again.
 */
export const HEADROOM_BYTES = 32 * 1024 * 1024;

/** Bytes this process may still write on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const { bavail, bsize } = await statfs(dir);
  return bavail * bsize;
}

/** A size in whole megabytes, for messages. */
export const megabytes = (bytes: number) => `${Math.floor(bytes / (1024 * 1024))} MB`;
