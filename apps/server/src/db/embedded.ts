import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { isOutOfSpace } from '../lib/db-errors.ts';
import { freeBytes, HEADROOM_BYTES, megabytes } from '../lib/disk-space.ts';
import { makeDataDirIfNone } from './embedded-init.ts';

/** The channel migration 0024's `raise_versions()` notifies when the session asks it to. */
const VERSIONS_CHANNEL = 'habi_versions';

/** A start refused because the file system holding the embedded database has no room left. */
export class DataDirFullError extends Error {
  constructor(dir: string, free?: number) {
    const left = free === undefined ? '' : ` (${megabytes(free)} free)`;
    super(`Cannot start: the disk holding ${dir} is full${left}. Free some space there, then start again.`);
    this.name = 'DataDirFullError';
  }
}

/** What PostgreSQL said when it stopped: its code (53100 for a full disk) and words. */
type Panic = { code?: string; message?: string };

/**
 * What every query gets from an embedded database that stopped: PostgreSQL ends its process on a
 * PANIC (PGlite's when it cannot create the next segment of its write-ahead log on a full disk),
 * and a PGlite instance asked anything after one spins for ever without returning, its event loop
 * included. `code` is the PANIC's (53100 for the full disk), so the refusal is the same as for
 * any write that found no room; `stopped` makes every other cause a 503 too.
 */
export class EmbeddedDatabaseStopped extends Error {
  readonly stopped = true;
  readonly code: string | undefined;
  constructor(cause: Panic, note = '') {
    super(`the embedded database stopped (${cause.message ?? 'PANIC'})${note}`);
    this.name = 'EmbeddedDatabaseStopped';
    this.code = cause.code;
  }
}

/**
 * A stopped database looks for room every `CHECK_MS` (a statfs), reopens once there is, and after
 * a failed reopen waits `RETRY_MS`, doubled each time, up to `MAX_FAILED_REOPENS` of them.
 */
const CHECK_MS = 1_000;
const RETRY_MS = 5_000;
const MAX_FAILED_REOPENS = 5;
/** Less free space than this at a start is a full disk. */
const START_MIN_BYTES = 1024 * 1024;
/** PostgreSQL's own lines (start-up, errors) a database keeps, to say why it could not start. */
const STDERR_LINES = 20;
const NO_SPACE = /No space left on device|Disk quota exceeded/;

export interface EmbeddedOptions {
  /** The data directory (already locked); in memory when absent. */
  dir?: string;
  /** A data directory dump to start from (tests start from a migrated template). */
  dump?: Blob;
  /** Told when the database stops, and when it gives up reopening. */
  onStopped?: (error: Error) => void;
}

const isFatal = (error: unknown) => {
  const severity = (error as { severity?: unknown } | null)?.severity;
  return severity === 'PANIC' || severity === 'FATAL';
};

/**
 * One PGlite database, as Drizzle uses it (`query`, `transaction`), that survives a PANIC: the
 * instance that met one is never called again (its queries fail at once with
 * `EmbeddedDatabaseStopped`), and once its disk has room again a new instance opens the same
 * directory, replaying the log as PostgreSQL does after a crash, so what was committed is all
 * there. The stopped instance's memory is not given back (PGlite cannot close it), so a process
 * that stopped several times is worth restarting at a quiet moment.
 */
export class EmbeddedClient {
  #current: PGlite | undefined;
  #stopped: EmbeddedDatabaseStopped | undefined;
  /** What stopped it: the PANIC's code and words. */
  #panic: Panic | undefined;
  #timer: NodeJS.Timeout | undefined;
  #failedReopens = 0;
  #closed = false;
  readonly #versionListeners = new Set<() => void>();

  private constructor(
    private readonly options: EmbeddedOptions,
    first: PGlite,
  ) {
    this.#current = this.#guard(first);
  }

  /**
   * Opens the database; on a full disk the error is a `DataDirFullError` naming the directory. A
   * disk with less than `START_MIN_BYTES` free is refused before PGlite tries: whether PGlite could
   * start on it depends on what its last stop left (a lock file to rewrite in place, a log to
   * replay), and a store that starts on a full disk can save nothing.
   */
  static async open(options: EmbeddedOptions): Promise<EmbeddedClient> {
    const free = options.dir ? await freeBytes(options.dir) : Number.POSITIVE_INFINITY;
    if (free < START_MIN_BYTES) throw new DataDirFullError(options.dir!, free);
    const first = await create(options);
    const client = new EmbeddedClient(options, first);
    await client.#watchVersions(first);
    return client;
  }

  /**
   * Calls `listener` after each commit that raised a catalogue, sales or products version
   * (migration 0024), before the committing call returns; and after a reopen. Returns its removal.
   */
  onVersionsRaised(listener: () => void): () => void {
    this.#versionListeners.add(listener);
    return () => this.#versionListeners.delete(listener);
  }

  /** Has the instance notify each version it raises, and passes the notifications on. */
  async #watchVersions(instance: PGlite) {
    await instance.exec("SET habi.notify_versions TO 'on'");
    await instance.listen(VERSIONS_CHANNEL, () => this.#versionsRaised());
  }

  #versionsRaised() {
    for (const listener of this.#versionListeners) listener();
  }

  async query<T>(...args: Parameters<PGlite['query']>) {
    return this.#live().query<T>(...args);
  }

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#live().transaction(work);
  }

  /** True when a write can be expected to succeed: the database runs and its disk has headroom. */
  async canWrite(): Promise<boolean> {
    if (!this.#current) return false;
    return !this.options.dir || (await freeBytes(this.options.dir)) >= HEADROOM_BYTES;
  }

  dump(): Promise<Blob> {
    return this.#live().dumpDataDir('none');
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    // A stopped instance cannot be closed: asking it anything never returns.
    await this.#current?.close();
  }

  #live(): PGlite {
    if (this.#current) return this.#current;
    throw this.#stopped ?? new Error('the embedded database is closed');
  }

  /**
   * Every call into the instance goes through `execProtocolRaw`: once the instance has answered
   * a PANIC (or FATAL), that call fails at once instead of entering PostgreSQL again.
   */
  #guard(instance: PGlite): PGlite {
    let stopped: EmbeddedDatabaseStopped | undefined;
    const raw = instance.execProtocolRaw.bind(instance);
    instance.execProtocolRaw = (message, options) => {
      if (stopped) return Promise.reject(stopped);
      return raw(message, options);
    };
    for (const method of ['execProtocol', 'execProtocolStream'] as const) {
      const call = instance[method].bind(instance) as PGlite[typeof method];
      instance[method] = (async (message: Uint8Array, options?: object) => {
        try {
          return await call(message, options);
        } catch (error) {
          if (!stopped && isFatal(error)) {
            stopped = new EmbeddedDatabaseStopped(error as Panic);
            this.#stop(instance, error as Panic);
          }
          throw error;
        }
      }) as never;
    }
    return instance;
  }

  #stop(instance: PGlite, panic: Panic) {
    if (instance !== this.#current) return;
    this.#current = undefined;
    this.#panic = panic;
    this.#stopped = new EmbeddedDatabaseStopped(panic);
    const reopens = this.options.dir ? `; it reopens once ${megabytes(HEADROOM_BYTES)} are free` : '';
    this.options.onStopped?.(new EmbeddedDatabaseStopped(panic, reopens));
    this.#reopenLater(CHECK_MS);
  }

  #reopenLater(ms: number) {
    // In memory there is nothing to reopen from.
    if (this.#closed || !this.options.dir) return;
    this.#timer = setTimeout(() => void this.#reopen(), ms);
    this.#timer.unref();
  }

  async #reopen() {
    const dir = this.options.dir!;
    const free = await freeBytes(dir).catch(() => 0);
    if (free < HEADROOM_BYTES) return this.#reopenLater(CHECK_MS);
    try {
      const next = this.#guard(await create(this.options));
      if (this.#closed) return await next.close();
      await this.#watchVersions(next);
      this.#current = next;
      this.#stopped = undefined;
      this.#failedReopens = 0;
      this.#versionsRaised();
    } catch (error) {
      // Each failed open keeps its memory too: a few tries, then the operator restarts.
      this.#failedReopens += 1;
      if (this.#failedReopens < MAX_FAILED_REOPENS)
        return this.#reopenLater(RETRY_MS * 2 ** (this.#failedReopens - 1));
      const message = (error as Error).message;
      this.#stopped = new EmbeddedDatabaseStopped(
        this.#panic ?? {},
        `; reopening it failed ${this.#failedReopens} times (${message}): restart the server`,
      );
      this.options.onStopped?.(this.#stopped);
    }
  }
}

/** A PGlite instance on the directory; a start that fails on a full disk says so. */
async function create({ dir, dump }: EmbeddedOptions): Promise<PGlite> {
  const stderr: string[] = [];
  const keep = (line: string) => {
    if (stderr.push(line) > STDERR_LINES) stderr.shift();
  };
  try {
    if (dir && !dump) await makeDataDirIfNone(dir, keep);
    return await PGlite.create({
      // Trigram matching for the typo-tolerant search; PostgreSQL has it in postgresql-contrib.
      extensions: { pg_trgm },
      // PGlite's shared buffers live in the server's own memory: at their default 128 MB an idle
      // store (10,000 products) takes 372 MB, at 16 MB 256 MB and is no slower in the bench
      // (bench/README.md), the pages it misses being in the operating system's file cache.
      postgresqlconf: ['shared_buffers=16MB'],
      ...(dir ? { dataDir: dir } : {}),
      ...(dump ? { loadDataDir: dump } : {}),
      // PostgreSQL says why a start failed only here ("could not write lock file ... No space
      // left on device"); PGlite's own error is "failed to initialize properly", or WebAssembly's
      // "Aborted()" when the start met a PANIC.
      onStderr: (line) => {
        keep(line);
        return false;
      },
    });
  } catch (error) {
    if (!dir) throw error;
    const free = await freeBytes(dir).catch(() => undefined);
    const full = isOutOfSpace(error) || stderr.some((line) => NO_SPACE.test(line)) || free === 0;
    throw full ? new DataDirFullError(dir, free) : error;
  }
}
