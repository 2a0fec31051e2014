import { toDecimal } from '@habi/shared';
import { type Bits, has } from './bits.ts';
import { PackedTexts, SEPARATOR } from './packed-texts.ts';

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
