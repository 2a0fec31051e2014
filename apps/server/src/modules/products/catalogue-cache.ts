import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { batched } from '../../lib/batch.ts';
import { COMPRESS_MIN_BYTES, type Encoding, pickEncoding, varyOnEncoding } from '../../lib/compression.ts';

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
 * An answer is kept the second time it is asked for (unless `keepFirst`): most searches are asked
 * once, and keeping each would push the pages shoppers keep coming back to out of the cache (and
 * churn memory).
 */
export interface CatalogueCacheLimits {
  /** The most answers kept. */
  entries: number;
  /** The most bytes of answers kept. */
  bytes: number;
  /** Keep answers from their first ask: for answers that cost far more to build than to keep (rendered pages). */
  keepFirst?: boolean;
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
 * products' own (which the search index is built at: search-index.ts).
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

/**
 * Reads the versions for many requests at once (batch.ts): a request shares only a read sent
 * after it arrived, so it sees every write committed before.
 */
export const versionReader = (db: Executor) => batched<never, Versions>(() => readVersions(db));

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

export function createCatalogueCache(db: Executor, limits: CatalogueCacheLimits) {
  const version = versionReader(db);
  /** The newest versions seen; answers of older ones are dropped. */
  let current = -1n;
  let currentSales = -1n;
  /** The answers built from the sales counts, dropped when those change. */
  const onSales = new Set<string>();
  let bytes = 0;
  /** Built answers, least recently used first. */
  const entries = new Map<string, Entry>();
  /** Answers being built, so a burst of the same request builds once. */
  const building = new Map<string, Promise<Entry>>();
  /**
   * Keys asked for once at this version: asked again, their answer is kept. Two generations, the
   * older dropped whole when the newer fills (dropping the oldest key one at a time costs a walk
   * over the holes earlier deletions left at the front of a Set).
   */
  let askedOnce = new Set<string>();
  let askedBefore = new Set<string>();
  const askedOnceMax = (limits.entries * ASKED_ONCE_PER_ENTRY) / 2;
  /** Whether an answer built for `key` is kept: it was asked for before. */
  const admits = (key: string) => {
    if (limits.keepFirst || askedOnce.delete(key) || askedBefore.delete(key)) return true;
    askedOnce.add(key);
    if (askedOnce.size >= askedOnceMax) {
      askedBefore = askedOnce;
      askedOnce = new Set();
    }
    return false;
  };

  const forget = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= sizeOf(entry);
    entries.delete(key);
  };

  const keep = (key: string, entry: Entry) => {
    forget(key);
    entries.set(key, entry);
    bytes += sizeOf(entry);
    for (const [oldest] of entries) {
      if (entries.size <= limits.entries && bytes <= limits.bytes) break;
      forget(oldest);
    }
  };

  const build = async (
    reply: FastifyReply,
    make: (seen: Versions) => Promise<CatalogueAnswer>,
    seen: Versions,
  ): Promise<Entry> => {
    const answer = await make(seen);
    // The route's own serialiser for a 200: the same bytes as an answer built without the cache.
    const body = Buffer.from('body' in answer ? answer.body : (reply.serialize(answer.payload) as string));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { body, etag, headers: answer.headers ?? {}, compressed: {} };
  };

  /** The body in the encoding the client takes, compressed once and kept with the answer. */
  const encoded = (key: string, entry: Entry, encoding: Encoding | undefined) => {
    if (!encoding || entry.body.length < COMPRESS_MIN_BYTES) return undefined;
    let body = entry.compressed[encoding];
    if (!body) {
      body = COMPRESSORS[encoding](entry.body);
      entry.compressed[encoding] = body;
      // An answer still kept counts its new copy (one dropped meanwhile is not counted).
      if (entries.get(key) === entry) bytes += body.length;
    }
    return body;
  };

  return {
    /**
     * Answers a public catalogue read: from the answer built for this version and `key` (the
     * route and its parsed query), or by building it with `make` from the versions the request
     * read. A request naming the answer's entity tag gets 304 and no body. `readsSales`: built
     * from the sales counts too (Best Collections); `type`: the body's, JSON unless said.
     */
    async reply(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      make: (seen: Versions) => Promise<CatalogueAnswer>,
      {
        readsSales = false,
        type = 'application/json; charset=utf-8',
      }: { readsSales?: boolean; type?: string } = {},
    ) {
      const seen = await version();
      if (seen.catalogue > current) {
        current = seen.catalogue;
        entries.clear();
        building.clear();
        onSales.clear();
        askedOnce.clear();
        askedBefore.clear();
        bytes = 0;
      }
      if (seen.sales > currentSales) {
        currentSales = seen.sales;
        for (const stale of onSales) {
          forget(stale);
          building.delete(stale);
        }
        onSales.clear();
      }
      let entry: Entry;
      if (seen.catalogue < current || (readsSales && seen.sales < currentSales)) {
        // A write committed while this request read the version: answer it, keep nothing.
        entry = await build(reply, make, seen);
      } else {
        const known = entries.get(key);
        if (known) {
          // Most recently used last.
          entries.delete(key);
          entries.set(key, known);
          entry = known;
        } else {
          let pending = building.get(key);
          if (!pending) {
            const kept = admits(key);
            pending = build(reply, make, seen);
            building.set(key, pending);
            // Marked while it builds: a change of the sales counts meanwhile drops it unkept.
            if (readsSales) onSales.add(key);
            pending.then(
              (built) => {
                if (building.get(key) !== pending) return;
                building.delete(key);
                if (kept) keep(key, built);
              },
              () => building.get(key) === pending && building.delete(key),
            );
          }
          entry = await pending;
        }
      }
      const encoding = pickEncoding(request.headers['accept-encoding']);
      const body = encoded(key, entry, encoding);
      const etag = body && encoding ? taggedFor(entry.etag, encoding) : entry.etag;
      reply
        .headers(entry.headers)
        .header('etag', etag)
        .header('cache-control', CACHE_CONTROL)
        .header('vary', varyOnEncoding(reply.getHeader('vary')));
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      reply.type(type);
      if (body && encoding) return reply.header('content-encoding', encoding).send(body);
      return reply.send(entry.body);
    },
  };
}
