import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { SEPARATOR } from './packed-texts.ts';
import { type PositionLists, SearchIndex } from './search-index.ts';

/** Lexemes read from the database at a time while the index is built. */
const STEMS_PER_READ = 5000;

/** Big-endian 4-byte integers, as `int4send` writes them. */
class GrowingLists {
  private starts = new Int32Array(1024);
  private list = new Int32Array(1 << 16);
  private lists = 0;

  /** Appends a list: big-endian 4-byte integers, as `int4send` writes them (null: none). */
  add(bytes: Buffer | null) {
    const count = bytes ? bytes.byteLength / 4 : 0;
    const at = this.starts[this.lists]!;
    if (this.lists + 2 > this.starts.length) this.starts = grown(this.starts, this.lists + 2);
    if (at + count > this.list.length) this.list = grown(this.list, at + count);
    const view = bytes && new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < count; i++) this.list[at + i] = view!.getInt32(i * 4);
    this.lists += 1;
    this.starts[this.lists] = at + count;
  }

  done(): PositionLists {
    return {
      starts: this.starts.slice(0, this.lists + 1),
      list: this.list.slice(0, this.starts[this.lists]),
    };
  }
}

/** Big-endian 8-byte floats, as `float8send` writes them (null: none). */
function float64s(bytes: Buffer | null) {
  if (!bytes) return new Float64Array(0);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float64Array.from({ length: bytes.byteLength / 8 }, (_, i) => view.getFloat64(i * 8));
}

/** A copy of `array` with room for at least `length` (twice as much as needed before). */
function grown(array: Int32Array, length: number) {
  const copy = new Int32Array(Math.max(length, array.length * 2));
  copy.set(array);
  return copy;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Reads the index in one snapshot: the products' version with the rows it counts. The database
 * gathers each stem's positions, so what crosses to the server is a few long strings and one
 * row per stem, read a few thousand at a time.
 */
async function load(db: Db): Promise<SearchIndex> {
  return db.transaction(
    async (tx) => {
      const [{ version }] = rowsOf<{ version: string }>(
        await tx.execute(sql`select coalesce(sum(n), 0)::text as version from products_versions`),
      ) as [{ version: string }];
      const newestFirst = sql`order by created_at desc, id desc`;
      const [products] = rowsOf<{
        ids: string | null;
        names: string | null;
        image_urls: string | null;
        created_at: Buffer | null;
        tracks_stock: string | null;
        kinds: string | null;
        prices: Buffer | null;
      }>(
        await tx.execute(sql`
          select string_agg(id::text, '' ${newestFirst}) as ids,
                 string_agg(${SEPARATOR} || replace(name, ${SEPARATOR}, ' '), '' ${newestFirst}) as names,
                 string_agg(${SEPARATOR} || replace(image_url, ${SEPARATOR}, ' '), '' ${newestFirst}) as image_urls,
                 string_agg(float8send(floor(extract(epoch from created_at) * 1000)::float8), ''::bytea ${newestFirst})
                   as created_at,
                 string_agg(case when track_stock then '1' else '0' end, '' ${newestFirst}) as tracks_stock,
                 string_agg(coalesce(category, '') || ${SEPARATOR} || coalesce(sub_category, ''), ${SEPARATOR}
                            ${newestFirst}) as kinds,
                 string_agg(float8send((price * 100)::float8), ''::bytea ${newestFirst}) as prices
          from products`),
      );
      const kinds = products?.kinds?.split(SEPARATOR).map((kind) => kind || null) ?? [];
      const stems: string[] = [];
      const any = new GrowingLists();
      const name = new GrowingLists();
      await tx.execute(sql`
        declare search_stems no scroll cursor for
        with ranked as materialized (
          select (row_number() over (${newestFirst}) - 1)::int as position, search_vector from products
        )
        select u.lexeme as stem, string_agg(int4send(r.position), ''::bytea) as any,
               string_agg(int4send(r.position), ''::bytea) filter (where 'A' = any(u.weights)) as name
        from ranked r cross join lateral unnest(r.search_vector) u
        group by u.lexeme`);
      for (;;) {
        const rows = rowsOf<{ stem: string; any: Buffer; name: Buffer | null }>(
          await tx.execute(sql.raw(`fetch ${STEMS_PER_READ} from search_stems`)),
        );
        for (const row of rows) {
          stems.push(row.stem);
          any.add(row.any);
          name.add(row.name);
        }
        if (rows.length < STEMS_PER_READ) break;
      }
      return new SearchIndex(BigInt(version), {
        ids: products?.ids ?? '',
        names: products?.names ?? '',
        imageUrls: products?.image_urls ?? '',
        categories: kinds.filter((_, i) => i % 2 === 0),
        subCategories: kinds.filter((_, i) => i % 2 === 1),
        prices: float64s(products?.prices ?? null),
        createdAt: float64s(products?.created_at ?? null),
        tracksStock: products?.tracks_stock ?? '',
        stems,
        positions: { any: any.done(), name: name.done() },
      });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * An instance's search index, read through `at(version)`: at that products' version (read by the
 * request) or newer. One build at a time: a request for a newer version than the one being built
 * waits for it, then builds again if that one is still older than it needs.
 */
export function searchIndexes(db: Db) {
  let built: SearchIndex | undefined;
  /** The build under way, and the version it was asked for (it reads one at least as new). */
  let building: { atLeast: bigint; index: Promise<SearchIndex> } | undefined;
  return {
    at(atLeast: bigint): Promise<SearchIndex> {
      if (built && built.version >= atLeast) return Promise.resolve(built);
      if (building && building.atLeast >= atLeast) return building.index;
      const previous = building?.index.catch(() => undefined);
      const index = (async () => {
        const done = await previous;
        return done && done.version >= atLeast ? done : load(db);
      })();
      const mine = { atLeast, index };
      building = mine;
      index.then(
        (made) => {
          if (!built || made.version > built.version) built = made;
          if (building === mine) building = undefined;
        },
        () => {
          if (building === mine) building = undefined;
        },
      );
      return index;
    },
  };
}
