import { toDecimal } from '@habi/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The catalogue's search terms, held in memory so a search nobody asked before costs no read of
 * the products table (docs/architecture.md, "Search"). Built from the products' full-text
 * vectors (migration 0004: English stems, weight A for name, category, subcategory and
 * variations), and rebuilt when the products' own version moves (migration 0013: any write to
 * products, on any instance; stock and sales leave it), so a search never reads an older
 * catalogue than the request's.
 *
 * Products have positions, newest first (then by id, descending), so a set of products is a
 * bitset whose set bits read in the order results are shown. A stem many products have is kept
 * as a bitset, the others as the list of their positions. Each product's summary (what a list
 * shows but its stock) is packed with the others in a few strings and typed arrays, not an object
 * each: a page of results is answered without reading the products table.
 */
export type Bits = Uint32Array;

/** A full-text term: a stem, or (`prefix`) every stem that starts with it. */
export interface Term {
  stem: string;
  prefix: boolean;
}
/** Where a term is looked for: anywhere in the product, or in its name, category and variations. */
export type Field = 'any' | 'name';

/** A name compared whole, by its start or anywhere in it (case aside). */
export type NameMatch = 'is' | 'starts' | 'contains';

/** A stem held by more than one product in this many is kept as a bitset (no larger than its list). */
const AS_BITS = 32;
/** Between names in the text of all names (the database's names have it replaced by a space). */
export const SEPARATOR = '\u0001';
/** The length of an id's text. */
const ID_LENGTH = 36;

/** The positions of a field's stems. */
interface Postings {
  /** Per stem: where its positions start in `list` (and end at the next one's start). */
  starts: Int32Array;
  list: Int32Array;
  /** The stems held as bitsets instead. */
  bits: Map<number, Bits>;
}

/** Texts one after the other, each after a SEPARATOR, and one more at the end. */
class PackedTexts {
  readonly text: string;
  /** Where each text's SEPARATOR is (and the last one). */
  readonly starts: Int32Array;

  constructor(texts: string, count: number) {
    this.text = `${texts}${SEPARATOR}`;
    this.starts = new Int32Array(count + 1);
    for (let i = 0, at = -1; i <= count; i++) this.starts[i] = at = this.text.indexOf(SEPARATOR, at + 1);
  }

  /** How many texts. */
  get count() {
    return this.starts.length - 1;
  }

  at(i: number) {
    return this.text.slice(this.starts[i]! + 1, this.starts[i + 1]!);
  }

  /** How the i-th text compares with `other`, as `<` compares strings, read in place (no garbage). */
  compare(i: number, other: string) {
    const from = this.starts[i]! + 1;
    const length = this.starts[i + 1]! - from;
    for (let k = 0; k < length && k < other.length; k++) {
      const difference = this.text.charCodeAt(from + k) - other.charCodeAt(k);
      if (difference !== 0) return difference;
    }
    return length - other.length;
  }

  /** Whether the i-th text starts with `prefix`. */
  startsWith(i: number, prefix: string) {
    const from = this.starts[i]! + 1;
    return prefix.length <= this.starts[i + 1]! - from && this.text.startsWith(prefix, from);
  }
}

/** What a list shows of a product but its stock, as the products table has it. */
export interface IndexedSummary {
  id: string;
  name: string;
  imageUrl: string;
  price: string;
  category: string | null;
  subCategory: string | null;
  createdAt: string;
  trackStock: boolean;
}

/** Lists of positions one after the other: the i-th runs from `starts[i]` to `starts[i + 1]`. */
export interface PositionLists {
  starts: Int32Array;
  list: Int32Array;
}

/** The products, newest first, as the index is made of them. */
export interface IndexSource {
  /** Their ids, one after the other. */
  ids: string;
  /** Their names, each after a SEPARATOR; and so their image URLs. */
  names: string;
  imageUrls: string;
  categories: (string | null)[];
  subCategories: (string | null)[];
  /** In centavos. */
  prices: Float64Array;
  /** Milliseconds since 1970. */
  createdAt: Float64Array;
  /** Whether each tracks stock: "1" or "0", one after the other. */
  tracksStock: string;
  /** Every stem, in any order. */
  stems: string[];
  /** Per field, each stem's positions (in any order), in the order of `stems`. */
  positions: Record<Field, PositionLists>;
}

export class SearchIndex {
  readonly version: bigint;
  readonly size: number;
  private readonly ids: string;
  /** Each product's category and subcategory, as an index into `kinds`. */
  private readonly categoryOf: Uint16Array;
  private readonly subCategoryOf: Uint16Array;
  private readonly kinds: (string | null)[];
  private readonly prices: Float64Array;
  /** As the API writes it (ISO 8601): made once here, as a page of results would make it 24 times. */
  private readonly createdAt: PackedTexts;
  private readonly tracksStock: string;
  private readonly shownNames: PackedTexts;
  private readonly imageUrls: PackedTexts;
  /** Positions cheapest first, then by id. */
  private readonly byPrice: Int32Array;
  /** Every name lower-cased. */
  private readonly names: PackedTexts;
  /** Positions by name (lower-cased): a name and the names starting with it are a run of it. */
  private readonly byName: Int32Array;
  /**
   * Every stem, sorted: a prefix's stems are a run of it. Packed in one string, not 100,000 of
   * them at that many products: each full collection marks every object alive.
   */
  private readonly stems: PackedTexts;
  private readonly postings: Record<Field, Postings>;
  /** Bitsets a search works in, handed out and back while it runs (without waiting on anything). */
  private readonly spare: Bits[] = [];

  constructor(version: bigint, source: IndexSource) {
    this.version = version;
    this.size = source.prices.length;
    this.ids = source.ids;
    const kinds = new Map<string | null, number>();
    const kindOf = (name: string | null) => {
      const known = kinds.get(name);
      if (known !== undefined) return known;
      kinds.set(name, kinds.size);
      return kinds.size - 1;
    };
    this.categoryOf = Uint16Array.from(source.categories, kindOf);
    this.subCategoryOf = Uint16Array.from(source.subCategories, kindOf);
    this.kinds = [...kinds.keys()];
    this.prices = source.prices;
    this.byPrice = Int32Array.from({ length: this.size }, (_, i) => i).sort(
      (a, b) => this.prices[a]! - this.prices[b]! || this.compareId(a, this.ids, b * ID_LENGTH),
    );
    this.createdAt = new PackedTexts(
      Array.from(source.createdAt, (ms) => `${SEPARATOR}${new Date(ms).toISOString()}`).join(''),
      this.size,
    );
    this.tracksStock = source.tracksStock;
    this.shownNames = new PackedTexts(source.names, this.size);
    this.imageUrls = new PackedTexts(source.imageUrls, this.size);
    this.names = new PackedTexts(source.names.toLowerCase(), this.size);
    this.byName = Int32Array.from({ length: this.size }, (_, i) => i);
    const names = Array.from({ length: this.size }, (_, i) => this.names.at(i));
    this.byName.sort((a, b) => (names[a]! < names[b]! ? -1 : names[a]! > names[b]! ? 1 : a - b));
    const sorted = Int32Array.from(source.stems, (_, i) => i).sort((a, b) =>
      source.stems[a]! < source.stems[b]! ? -1 : source.stems[a]! > source.stems[b]! ? 1 : 0,
    );
    this.stems = new PackedTexts(
      Array.from(sorted, (i) => `${SEPARATOR}${source.stems[i]}`).join(''),
      sorted.length,
    );
    this.postings = {
      any: this.post(source.positions.any, sorted),
      name: this.post(source.positions.name, sorted),
    };
  }

  /**
   * Packs each stem's positions, the stems in `order`: a bitset for a common stem, a sorted run
   * of one list for the others.
   */
  private post({ starts: from, list: all }: PositionLists, order: Int32Array): Postings {
    const bits = new Map<number, Bits>();
    const starts = new Int32Array(order.length + 1);
    order.forEach((source, id) => {
      const count = from[source + 1]! - from[source]!;
      const asBits = count * AS_BITS > this.size;
      if (asBits) {
        const set = this.empty();
        for (let i = from[source]!; i < from[source + 1]!; i++) set[all[i]! >>> 5]! |= 1 << (all[i]! & 31);
        bits.set(id, set);
      }
      starts[id + 1] = starts[id]! + (asBits ? 0 : count);
    });
    const list = new Int32Array(starts[order.length]!);
    order.forEach((source, id) => {
      if (bits.has(id)) return;
      list.set(all.subarray(from[source]!, from[source + 1]!), starts[id]!);
      list.subarray(starts[id]!, starts[id + 1]!).sort();
    });
    return { starts, list, bits };
  }

  /** The id of the product at a position. */
  id(position: number) {
    return this.ids.slice(position * ID_LENGTH, (position + 1) * ID_LENGTH);
  }

  category(position: number) {
    return this.kinds[this.categoryOf[position]!]!;
  }

  subCategory(position: number) {
    return this.kinds[this.subCategoryOf[position]!]!;
  }

  /** The summary of the product at a position. */
  summary(position: number): IndexedSummary {
    return {
      id: this.id(position),
      name: this.shownNames.at(position),
      imageUrl: this.imageUrls.at(position),
      price: toDecimal(this.prices[position]!),
      category: this.category(position),
      subCategory: this.subCategory(position),
      createdAt: this.createdAt.at(position),
      trackStock: this.tracksStock[position] === '1',
    };
  }

  /** No product. */
  empty(): Bits {
    return new Uint32Array((this.size + 31) >>> 5);
  }

  /**
   * Runs `work` with `count` empty bitsets to work in, and takes them back after: a search makes
   * no garbage of its sets. `work` must not wait on anything, as others may use them next.
   */
  withSets<T>(count: number, work: (...sets: Bits[]) => T): T {
    const sets = Array.from({ length: count }, () => {
      const set = this.spare.pop();
      set?.fill(0);
      return set ?? this.empty();
    });
    try {
      return work(...sets);
    } finally {
      this.spare.push(...sets);
    }
  }

  /** The first stem from `stem` on, in order. */
  private firstStem(stem: string) {
    return lowerBound(this.stems.count, (i) => this.stems.compare(i, stem) < 0);
  }

  /** The stem's id; undefined when no product has it. */
  private stemId(stem: string) {
    const id = this.firstStem(stem);
    return id < this.stems.count && this.stems.compare(id, stem) === 0 ? id : undefined;
  }

  /** Whether some product has the stem. */
  hasStem(stem: string) {
    return this.stemId(stem) !== undefined;
  }

  /** The bitset of a stem's products in a field, when it is held as one (many products have it). */
  bitsOf({ stem, prefix }: Term, field: Field): Bits | undefined {
    const id = prefix ? undefined : this.stemId(stem);
    return id === undefined ? undefined : this.postings[field].bits.get(id);
  }

  /** Adds to `into` the products a term is found in; false when there is none. */
  addTerm({ stem, prefix }: Term, field: Field, into: Bits): boolean {
    const { starts, list, bits } = this.postings[field];
    /** Adds the stem's products in this field; false when it has none there. */
    const add = (id: number) => {
      const set = bits.get(id);
      if (set) {
        for (let i = 0; i < into.length; i++) into[i]! |= set[i]!;
        return true;
      }
      for (let i = starts[id]!; i < starts[id + 1]!; i++) into[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
      return starts[id]! < starts[id + 1]!;
    };
    let found = false;
    for (let id = this.firstStem(stem); id < this.stems.count; id++) {
      if (prefix ? !this.stems.startsWith(id, stem) : this.stems.compare(id, stem) !== 0) break;
      found = add(id) || found;
    }
    return found;
  }

  /**
   * Adds to `into` the products whose name is, starts with or contains `text` (case aside);
   * false when there is none.
   */
  addName(text: string, match: NameMatch, into: Bits): boolean {
    const needle = text.toLowerCase();
    if (needle.includes(SEPARATOR)) return false;
    let found = false;
    const add = (position: number) => {
      into[position >>> 5]! |= 1 << (position & 31);
      found = true;
    };
    if (match === 'contains') {
      for (let from = 0; ; ) {
        const hit = this.names.text.indexOf(needle, from);
        // Only the empty search matches the last SEPARATOR, which belongs to no product.
        if (hit < 0 || hit >= this.names.starts[this.size]!) return found;
        const position = lowerBound(this.size, (i) => this.names.starts[i + 1]! <= hit);
        add(position);
        // On to the next name: a name counts once.
        from = this.names.starts[position + 1]!;
      }
    }
    // The names from the search on, in order, while they are it or start with it.
    for (let i = lowerBound(this.size, (i) => this.names.at(this.byName[i]!) < needle); i < this.size; i++) {
      const name = this.names.at(this.byName[i]!);
      if (match === 'is' ? name !== needle : !name.startsWith(needle)) break;
      add(this.byName[i]!);
    }
    return found;
  }

  /**
   * The positions in `bits` in price order (ascending or not), after a product's price and id
   * when given, that `accept` takes: at most `limit`.
   */
  byPriceOrder(
    bits: Bits,
    accept: (position: number) => boolean,
    { ascending, after, limit }: { ascending: boolean; after?: { price: number; id: string }; limit: number },
  ) {
    const n = this.size;
    // The first position in the walk's direction past `after`.
    const first = after
      ? ascending
        ? lowerBound(n, (i) => this.comparePrice(this.byPrice[i]!, after.price, after.id) <= 0)
        : lowerBound(n, (i) => this.comparePrice(this.byPrice[i]!, after.price, after.id) < 0) - 1
      : ascending
        ? 0
        : n - 1;
    const found: number[] = [];
    for (let i = first; i >= 0 && i < n && found.length < limit; i += ascending ? 1 : -1) {
      const position = this.byPrice[i]!;
      if (has(bits, position) && accept(position)) found.push(position);
    }
    return found;
  }

  /** How a product's price and id compare with the given ones. */
  private comparePrice(position: number, price: number, id: string) {
    return this.prices[position]! - price || this.compareId(position, id, 0);
  }

  /** How a product's id compares with the one at `at` in `text`, read in place (a sort makes no garbage). */
  private compareId(position: number, text: string, at: number) {
    const own = position * ID_LENGTH;
    for (let i = 0; i < ID_LENGTH; i++) {
      const difference = this.ids.charCodeAt(own + i) - text.charCodeAt(at + i);
      if (difference !== 0) return difference;
    }
    return 0;
  }
}

/** The first index in [0, n) for which `before` is false (`before` holds for a prefix of them). */
function lowerBound(n: number, before: (i: number) => boolean) {
  let low = 0;
  let high = n;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

export const has = (bits: Bits, position: number) => (bits[position >>> 5]! & (1 << (position & 31))) !== 0;

/** `into` keeps only the products also in `set`; false when none is left. */
export function keepShared(into: Bits, set: Bits): boolean {
  let any = 0;
  for (let i = 0; i < into.length; i++) any |= into[i]! &= set[i]!;
  return any !== 0;
}

/** `into` gains the products in `set`; false when `set` has none. */
export function addAll(into: Bits, set: Bits): boolean {
  let any = 0;
  for (let i = 0; i < into.length; i++) {
    any |= set[i]!;
    into[i]! |= set[i]!;
  }
  return any !== 0;
}

/** Calls `each` with the positions in `bits` but not in `without`, in order, until it answers false. */
export function visit(bits: Bits, without: Bits | undefined, each: (position: number) => boolean) {
  for (let word = 0; word < bits.length; word++) {
    let rest = bits[word]!;
    if (rest === 0) continue;
    if (without) rest &= ~without[word]!;
    while (rest !== 0) {
      const bit = 31 - Math.clz32(rest & -rest);
      if (!each((word << 5) | bit)) return;
      rest &= rest - 1;
    }
  }
}

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
