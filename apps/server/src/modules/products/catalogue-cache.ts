import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { batched } from '../../lib/batch.ts';
import { COMPRESS_MIN_BYTES, type Encoding, pickEncoding, varyOnEncoding } from '../../lib/compression.ts';
import { counters } from '../../lib/metrics.ts';

/**
 * Public catalogue answers (collection pages, search, suggestions, Best Collections, product
 * pages) are the same for every shopper until the catalogue changes, so each is built once and
 * its bytes reused.
 *
 * The catalogue's version is a sum of counters that triggers raise in the same transaction as
 * any write to products or their stock; Best Collections has a second one, raised as orders
 * change the sales counts, so an order leaves the other answers in place. Every request reads
 * both (one query, shared by requests that arrive together): an answer is reused only for the
 * versions it was built at, so it is never stale after a write, on this instance or any other.
 * Writers raise one of 16 counters (picked by transaction id), so concurrent orders seldom wait
 * on each other's row.
 *
 * A version read before a write commits may come with data read after it: such an answer is
 * stored under the older version, which no later request asks for.
 *
 * An answer is kept the second time it is asked for (unless the reply says `keepFirst`): most
 * searches are asked once, and keeping each would push the pages shoppers keep coming back to out
 * of the cache (and churn memory).
 */
export interface CatalogueCacheLimits {
  /** Its name in the metrics (`habi_cache_lookups_total{cache}`). */
  name: string;
  /** The most answers kept. */
  entries: number;
  /** The most bytes of answers kept. */
  bytes: number;
}

/**
 * What a catalogue read answers with: the payload its route's schema serialises (or a body
 * already made, such as a rendered page), and headers.
 */
export type CatalogueAnswer = ({ payload: unknown } | { body: string }) & {
  headers?: Record<string, string>;
};

interface Entry {
  /** Encoded once: hashed, compressed and sent as these bytes. */
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
  /** The body compressed, made the first time a client asks for that encoding. */
  compressed: Partial<Record<Encoding, Buffer>>;
  /** The sales counts' version it was built from, for an answer that reads them (Best Collections). */
  sales?: bigint;
}

/**
 * Kept compressed harder than answers built per request: it is done once per answer. Each
 * encoding is its own representation, so its entity tag differs.
 */
const COMPRESSORS: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
  gzip: (body) => gzipSync(body, { level: 9 }),
};
const taggedFor = (etag: string, encoding: Encoding) => `${etag.slice(0, -1)}-${encoding}"`;

/** How many keys asked for once are remembered at most (at least half as many), per answer the cache may keep. */
const ASKED_ONCE_PER_ENTRY = 4;

/** Browsers and shared caches may keep an answer, but ask each time whether it still holds. */
const CACHE_CONTROL = 'public, no-cache';

/**
 * The catalogue's version, the sales counts' (which only Best Collections reads), and the
 * products' own (which the search index is built at: modules/search).
 */
export interface Versions {
  catalogue: bigint;
  sales: bigint;
  products: bigint;
}

async function readVersions(db: Executor): Promise<Versions> {
  const result = await db.execute(sql`select
    (select coalesce(sum(n), 0) from catalogue_versions)::text as catalogue,
    (select coalesce(sum(n), 0) from sales_versions)::text as sales,
    (select coalesce(sum(n), 0) from products_versions)::text as products`);
  const [row] = (result as unknown as { rows: Record<keyof Versions, string>[] }).rows;
  return { catalogue: BigInt(row!.catalogue), sales: BigInt(row!.sales), products: BigInt(row!.products) };
}

/** Calls its listener after each commit that raised a version; returns its removal. */
export type VersionsRaised = (listener: () => void) => () => void;

/**
 * Reads the versions for many requests at once (batch.ts): a request shares only a read sent
 * after it arrived, so it sees every write committed before. With `versionsRaised` (the embedded
 * database, whose one process sees every write) the versions read last are kept until a commit
 * raises one, so a kept answer costs no query at all.
 */
export function versionReader(db: Executor, versionsRaised?: VersionsRaised): () => Promise<Versions> {
  const read = batched<never, Versions>(() => readVersions(db));
  if (!versionsRaised) return read;
  let kept: Versions | undefined;
  let raised = 0;
  versionsRaised(() => {
    raised++;
    kept = undefined;
  });
  return async () => {
    if (kept) return kept;
    const before = raised;
    const seen = await read();
    // A commit while the read ran may be missing from it: keep nothing then.
    if (raised === before) kept = seen;
    return seen;
  };
}

/** Whether an If-None-Match header names this entity tag (weakly: W/ aside, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}

/** What an answer weighs in memory: its text and the compressed copies made of it. */
const sizeOf = (entry: Entry) =>
  entry.body.length + (entry.compressed.br?.length ?? 0) + (entry.compressed.gzip?.length ?? 0);

/**
 * Keys asked for once at this version: asked again, their answer is kept. Two generations, the
 * older dropped whole when the newer fills (dropping the oldest key one at a time costs a walk
 * over the holes earlier deletions left at the front of a Set).
 */
class AskedOnce {
  private newer = new Set<string>();
  private older = new Set<string>();
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  /** Whether `key` was asked for before (and is forgotten); otherwise it is remembered. */
  again(key: string) {
    if (this.newer.delete(key) || this.older.delete(key)) return true;
    this.newer.add(key);
    if (this.newer.size >= this.max) {
      this.older = this.newer;
      this.newer = new Set();
    }
    return false;
  }

  clear() {
    this.newer.clear();
    this.older.clear();
  }
}

/** Built answers, least recently used first, as many and as large as the limits allow. */
class KeptAnswers {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly limits: CatalogueCacheLimits;

  constructor(limits: CatalogueCacheLimits) {
    this.limits = limits;
  }

  /** The answer kept for `key`, now the most recently used. */
  use(key: string) {
    const known = this.entries.get(key);
    if (known) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, known);
    }
    return known;
  }

  keep(key: string, entry: Entry) {
    this.forget(key);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.forget(oldest);
    }
  }

  forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= sizeOf(entry);
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
  }

  /** The body in the encoding the client takes, compressed once and kept with the answer. */
  encoded(key: string, entry: Entry, encoding: Encoding | undefined) {
    if (!encoding || entry.body.length < COMPRESS_MIN_BYTES) return undefined;
    let body = entry.compressed[encoding];
    if (!body) {
      body = COMPRESSORS[encoding](entry.body);
      entry.compressed[encoding] = body;
      // An answer still kept counts its new copy (one dropped meanwhile is not counted).
      if (this.entries.get(key) === entry) this.bytes += body.length;
    }
    return body;
  }
}

type Make = (seen: Versions) => Promise<CatalogueAnswer>;

async function build(reply: FastifyReply, make: Make, seen: Versions, readsSales: boolean): Promise<Entry> {
  const answer = await make(seen);
  // The route's own serialiser for a 200: the same bytes as an answer built without the cache.
  const body = Buffer.from('body' in answer ? answer.body : (reply.serialize(answer.payload) as string));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return {
    body,
    etag,
    headers: answer.headers ?? {},
    compressed: {},
    ...(readsSales ? { sales: seen.sales } : {}),
  };
}

/** Sends an answer: 304 when the request names its entity tag, else its body (`compressed` when given). */
function send(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Entry,
  type: string,
  encoding: Encoding | undefined,
  compressed: Buffer | undefined,
) {
  const etag = compressed && encoding ? taggedFor(entry.etag, encoding) : entry.etag;
  reply
    .headers(entry.headers)
    .header('etag', etag)
    .header('cache-control', CACHE_CONTROL)
    .header('vary', varyOnEncoding(reply.getHeader('vary')));
  if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
  reply.type(type);
  if (compressed && encoding) return reply.header('content-encoding', encoding).send(compressed);
  return reply.send(entry.body);
}

export function createCatalogueCache(
  db: Executor,
  limits: CatalogueCacheLimits,
  versionsRaised?: VersionsRaised,
) {
  const version = versionReader(db, versionsRaised);
  /** The newest versions seen; answers of older ones are dropped. */
  let current = -1n;
  let currentSales = -1n;
  const answers = new KeptAnswers(limits);
  /** Answers being built, so a burst of the same request builds once. */
  const building = new Map<string, { pending: Promise<Entry>; sales?: bigint }>();
  const asked = new AskedOnce((limits.entries * ASKED_ONCE_PER_ENTRY) / 2);

  /**
   * Drops what was built at a catalogue version older than the request read. An answer built
   * from older sales counts is left where it is (a kept one weighs within the limits) and
   * refused when asked for: marking each such key for a sweep would remember every key ever
   * asked between two orders.
   */
  const catchUp = (seen: Versions) => {
    if (seen.catalogue > current) {
      current = seen.catalogue;
      answers.clear();
      building.clear();
      asked.clear();
    }
    if (seen.sales > currentSales) currentSales = seen.sales;
  };
  const salesStale = (built: { sales?: bigint }) => built.sales !== undefined && built.sales < currentSales;

  /** The answer being built for `key`, or built now; kept once built if it was asked for before. */
  const shared = (
    reply: FastifyReply,
    key: string,
    make: Make,
    seen: Versions,
    { readsSales, keepFirst }: { readsSales: boolean; keepFirst: boolean },
  ) => {
    const under = building.get(key);
    if (under && !salesStale(under)) return under.pending;
    const kept = keepFirst || asked.again(key);
    const pending = build(reply, make, seen, readsSales);
    building.set(key, { pending, ...(readsSales ? { sales: seen.sales } : {}) });
    pending.then(
      (built) => {
        if (building.get(key)?.pending !== pending) return;
        building.delete(key);
        // The sales counts changed while it was built: answered, not kept.
        if (kept && !salesStale(built)) answers.keep(key, built);
      },
      () => building.get(key)?.pending === pending && building.delete(key),
    );
    return pending;
  };

  return {
    /**
     * Answers a public catalogue read: from the answer built for this version and `key` (the
     * route and its parsed query), or by building it with `make` from the versions the request
     * read. A request naming the answer's entity tag gets 304 and no body. `readsSales`: built
     * from the sales counts too (Best Collections); `type`: the body's, JSON unless said;
     * `keepFirst`: kept from its first ask, for an answer that costs far more to build than to
     * keep and is likely asked again (a rendered page other than a search's).
     */
    async reply(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      make: Make,
      {
        readsSales = false,
        type = 'application/json; charset=utf-8',
        keepFirst = false,
      }: { readsSales?: boolean; type?: string; keepFirst?: boolean } = {},
    ) {
      const seen = await version();
      catchUp(seen);
      // A write committed while this request read the version: answer it, keep nothing.
      const stale = seen.catalogue < current || (readsSales && seen.sales < currentSales);
      let kept = stale ? undefined : answers.use(key);
      if (kept && salesStale(kept)) {
        answers.forget(key);
        kept = undefined;
      }
      counters.cacheLookups.inc({ cache: limits.name, result: kept ? 'hit' : 'miss' });
      const entry =
        kept ??
        (stale
          ? await build(reply, make, seen, readsSales)
          : await shared(reply, key, make, seen, { readsSales, keepFirst }));
      const encoding = pickEncoding(request.headers['accept-encoding']);
      return send(request, reply, entry, type, encoding, answers.encoded(key, entry, encoding));
    },
  };
}
