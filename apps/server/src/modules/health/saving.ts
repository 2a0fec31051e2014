import { driverError, spaceRanOutIn } from '../../lib/db-errors.ts';
import { HEADROOM_BYTES } from '../../lib/disk-space.ts';

/** At most one line per this long while writes keep failing. */
export const SUMMARY_MS = 60_000;

type Place = 'database' | 'files';
const PLACE_WORDS: Record<Place, string> = {
  database: 'the database',
  files: 'the data directory (images, mail)',
};

interface Log {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  info(fields: object, message: string): void;
}

/**
 * Whether this instance can save, as its writes found it: a write refused for want of disk space
 * (`refused`) turns readiness to 503 until a probe finds room again (`cleared`). Refusals come by
 * the thousand while a disk is full, and the log may be on that disk: the first is logged as an
 * error, then at most one line per `SUMMARY_MS` with how many followed, and one when it clears.
 */
export class SaveFailures {
  #since: number | undefined;
  #places = new Set<Place>();
  #unlogged = 0;
  #total = 0;
  #lastLine = 0;

  constructor(
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  /** True from the first refusal until a probe finds room again. */
  get active(): boolean {
    return this.#since !== undefined;
  }

  /** What ran out of space, for the probe: the database, the data directory's files, or both. */
  get places(): ReadonlySet<Place> {
    return this.#places;
  }

  /** A write refused for want of space; `fields` (the request's id) go on the first line. */
  refused(error: unknown, fields: object = {}): void {
    const now = this.now();
    const place = spaceRanOutIn(error);
    const newPlace = !this.#places.has(place);
    this.#places.add(place);
    this.#total += 1;
    if (this.#since === undefined || newPlace) {
      this.#since ??= now;
      this.#lastLine = now;
      const { code, message } = driverError(error);
      this.log.error(
        { ...fields, code, error: message, place },
        `cannot save: no space left for ${PLACE_WORDS[place]}; answering 503 until there is room`,
      );
      return;
    }
    this.#unlogged += 1;
    if (now - this.#lastLine >= SUMMARY_MS) {
      const seconds = Math.round((now - this.#lastLine) / 1000);
      this.log.warn(
        { refused: this.#unlogged, since: new Date(this.#since).toISOString() },
        `still cannot save: ${this.#unlogged} more write(s) refused in the last ${seconds} s`,
      );
      this.#lastLine = now;
      this.#unlogged = 0;
    }
  }

  /** Room again: one line saying how long it lasted and how many writes were refused. */
  cleared(): void {
    if (this.#since === undefined) return;
    const ms = this.now() - this.#since;
    this.log.info(
      { ms, refused: this.#total },
      `can save again after ${Math.round(ms / 1000)} s; ${this.#total} write(s) were refused meanwhile`,
    );
    this.#since = undefined;
    this.#places.clear();
    this.#unlogged = 0;
    this.#total = 0;
  }

  /** Why readiness is 503, for the health check's body. */
  describe({ reads }: { reads: boolean }): string {
    const where = [...this.#places].map((place) => PLACE_WORDS[place]).join(' and ');
    const since = this.#since === undefined ? '' : ` since ${new Date(this.#since).toISOString()}`;
    return `Cannot save changes${since}: no space left for ${where}.${reads ? ' Reads still work.' : ''}`;
  }
}

/** How often, while writes fail, the probe looks for room again (a statfs, or a page on PostgreSQL). */
export const PROBE_MS = 2_000;

/** What the probe asks: the database whether it can write, and the data directory's free space. */
export interface SaveProbe {
  canWrite(): Promise<boolean>;
  freeBytes(): Promise<number>;
}

/**
 * True when every place that ran out has room again: the database can write (a page on
 * PostgreSQL, headroom on PGlite's disk) and the data directory has `HEADROOM_BYTES` free. A write
 * that succeeds meanwhile clears nothing: it may have fitted in a page already there, and the
 * next one fail again.
 */
export async function canSaveAgain(places: ReadonlySet<Place>, probe: SaveProbe): Promise<boolean> {
  if (places.has('database') && !(await probe.canWrite())) return false;
  if (places.has('files') && (await probe.freeBytes()) < HEADROOM_BYTES) return false;
  return true;
}
