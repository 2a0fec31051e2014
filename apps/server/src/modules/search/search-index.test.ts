import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAll, type Bits, keepShared, visit } from './bits.ts';
import { SEPARATOR } from './packed-texts.ts';
import { type PositionLists, SearchIndex } from './search-index.ts';

/** A product as a test writes it. */
interface IndexedProduct {
  id: string;
  name: string;
  category: string | null;
  subCategory: string | null;
  price: number;
  stems: string[];
  nameStems: string[];
}

const idOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** The index of these products (newest first), packed as the database hands them over. */
function indexOf(products: IndexedProduct[]) {
  const stems = [...new Set(products.flatMap((p) => p.stems))];
  // Each stem's positions, in no order: the index sorts them.
  const lists = (field: 'stems' | 'nameStems'): PositionLists => {
    const each = stems.map((stem) =>
      products.flatMap((p, i) => (p[field].includes(stem) ? [i] : [])).reverse(),
    );
    const starts = Int32Array.from([0, ...each.map((_, i) => each.slice(0, i + 1).flat().length)]);
    return { starts, list: Int32Array.from(each.flat()) };
  };
  return new SearchIndex(1n, {
    ids: products.map((p) => p.id).join(''),
    names: products.map((p) => SEPARATOR + p.name).join(''),
    imageUrls: products.map((p) => `${SEPARATOR}/uploads/${p.id}-800.webp`).join(''),
    categories: products.map((p) => p.category),
    subCategories: products.map((p) => p.subCategory),
    prices: Float64Array.from(products, (p) => p.price),
    createdAt: Float64Array.from(products, (_, i) => Date.UTC(2026, 10, 25) - i * 1000),
    tracksStock: products.map((p) => (p.category === 'Kids' ? '1' : '0')).join(''),
    // Stems in no order too.
    stems,
    positions: { any: lists('stems'), name: lists('nameStems') },
  });
}

/** The positions of the products a term or a name match adds to an empty set. */
/** The positions a call adds to an empty set; it must answer whether it added any. */
const adding = (index: SearchIndex, add: (into: Bits) => boolean) => {
  const into = index.empty();
  const found = add(into);
  const positions = positionsOf(into);
  expect(found).toBe(positions.length > 0);
  return positions;
};

const STEMS = ['jacket', 'jack', 'jackal', 'denim', 'shirt', 'tshirt', 'navi', 'men', 'women', 'kid'];

/** Catalogues of up to 200 products: past several 32-bit words, some stems common, some rare. */
const catalogues = fc
  .array(
    fc.record({
      name: fc.constantFrom(
        'Men Denim Jacket',
        'Denim',
        'denim jacket NAVY',
        'Kids Tee',
        'Jacket',
        'Women Shirt',
      ),
      category: fc.constantFrom('Men', 'Women', 'Kids', null),
      price: fc.integer({ min: 100, max: 5000 }),
      stems: fc.subarray(STEMS),
      named: fc.subarray(STEMS),
    }),
    { maxLength: 200 },
  )
  .map((rows) =>
    rows.map(
      (row, i): IndexedProduct => ({
        id: idOf(i),
        name: row.name,
        category: row.category,
        subCategory: null,
        // Prices repeat: ties are ordered by id.
        price: row.price - (row.price % 250),
        // A rare stem too, kept as a list of positions rather than a bitset.
        stems: [...new Set([...row.stems, ...row.named, `n${i % 50}`])],
        nameStems: row.named,
      }),
    ),
  );

function positionsOf(bits: Bits, without?: Bits) {
  const found: number[] = [];
  visit(bits, without, (position) => {
    found.push(position);
    return true;
  });
  return found;
}
const where = (products: IndexedProduct[], test: (p: IndexedProduct) => boolean) =>
  products.flatMap((p, i) => (test(p) ? [i] : []));

describe('the search index', () => {
  it('finds the products holding a stem, or a stem it starts, in either field, in position order', () => {
    fc.assert(
      fc.property(
        catalogues,
        fc.constantFrom(...STEMS, 'ja', 'x', 'n7', 'n1', 'n'),
        fc.boolean(),
        (products, stem, prefix) => {
          const index = indexOf(products);
          const holds = (stems: string[]) => stems.some((s) => (prefix ? s.startsWith(stem) : s === stem));
          expect(adding(index, (into) => index.addTerm({ stem, prefix }, 'any', into))).toEqual(
            where(products, (p) => holds(p.stems)),
          );
          expect(adding(index, (into) => index.addTerm({ stem, prefix }, 'name', into))).toEqual(
            where(products, (p) => holds(p.nameStems)),
          );
          // A stem many products hold is also handed over as its bitset, the same products.
          const bits = index.bitsOf({ stem, prefix }, 'any');
          if (bits) expect(positionsOf(bits)).toEqual(where(products, (p) => holds(p.stems)));
          const common = where(products, (p) => p.stems.includes(stem)).length > products.length / 32;
          expect(bits !== undefined).toBe(!prefix && common);
        },
      ),
    );
  });

  it('compares names whole, by their start, or anywhere, case aside', () => {
    fc.assert(
      fc.property(
        catalogues,
        fc.constantFrom('denim', 'Denim Jacket', 'jacket', 'e', 'navy', 'x'),
        (products, text) => {
          const index = indexOf(products);
          const t = text.toLowerCase();
          expect(adding(index, (into) => index.addName(text, 'is', into))).toEqual(
            where(products, (p) => p.name.toLowerCase() === t),
          );
          expect(adding(index, (into) => index.addName(text, 'starts', into))).toEqual(
            where(products, (p) => p.name.toLowerCase().startsWith(t)),
          );
          expect(adding(index, (into) => index.addName(text, 'contains', into))).toEqual(
            where(products, (p) => p.name.toLowerCase().includes(t)),
          );
        },
      ),
    );
  });

  it("matches no name across two names, nor a search holding the names' separator", () => {
    const index = indexOf([
      {
        id: idOf(0),
        name: 'Linen Shirt',
        category: null,
        subCategory: null,
        price: 1,
        stems: [],
        nameStems: [],
      },
      { id: idOf(1), name: 'Linen', category: null, subCategory: null, price: 1, stems: [], nameStems: [] },
    ]);
    const names = (text: string, match: 'is' | 'starts' | 'contains') =>
      adding(index, (into) => index.addName(text, match, into));
    expect(names('shirt linen', 'contains')).toEqual([]);
    expect(names(`shirt${SEPARATOR}linen`, 'contains')).toEqual([]);
    expect(names('linen', 'is')).toEqual([1]);
    expect(names('linen', 'starts')).toEqual([0, 1]);
    expect(names('', 'contains')).toEqual([0, 1]);
  });

  it("gives each product's summary as the products table has it", () => {
    const index = indexOf([
      {
        id: idOf(0),
        name: 'Ångström Tee',
        category: 'Kids',
        subCategory: 'Tops',
        price: 129950,
        stems: [],
        nameStems: [],
      },
      {
        id: idOf(1),
        name: 'Plain Cap',
        category: null,
        subCategory: null,
        price: 5,
        stems: [],
        nameStems: [],
      },
    ]);
    expect([index.summary(0), index.summary(1)]).toEqual([
      {
        id: idOf(0),
        name: 'Ångström Tee',
        imageUrl: `/uploads/${idOf(0)}-800.webp`,
        price: '1299.50',
        category: 'Kids',
        subCategory: 'Tops',
        createdAt: '2026-11-25T00:00:00.000Z',
        trackStock: true,
      },
      {
        id: idOf(1),
        name: 'Plain Cap',
        imageUrl: `/uploads/${idOf(1)}-800.webp`,
        price: '0.05',
        category: null,
        subCategory: null,
        createdAt: '2026-11-24T23:59:59.000Z',
        trackStock: false,
      },
    ]);
  });

  it('holds an empty catalogue', () => {
    const index = indexOf([]);
    expect(adding(index, (into) => index.addName('', 'contains', into))).toEqual([]);
    expect(adding(index, (into) => index.addTerm({ stem: 'a', prefix: true }, 'any', into))).toEqual([]);
    expect(index.byPriceOrder(index.empty(), () => true, { ascending: true, limit: 5 })).toEqual([]);
  });

  it('walks a set in price order either way, from after a given price and id, through a filter', () => {
    fc.assert(
      fc.property(
        catalogues,
        fc.boolean(),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 30 }),
        (products, ascending, afterPrice, limit) => {
          const index = indexOf(products);
          const set = index.empty();
          index.addTerm({ stem: 'denim', prefix: false }, 'any', set);
          const accept = (position: number) => products[position]!.category !== 'Kids';
          // The cursor is a real product's price and id when there is one, else any price.
          const cursorProduct = products.find((p) => p.price >= afterPrice);
          const after = cursorProduct ? { price: cursorProduct.price, id: cursorProduct.id } : undefined;
          const key = (i: number) => [products[i]!.price, products[i]!.id] as const;
          const compare = (a: readonly [number, string], b: readonly [number, string]) =>
            a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);
          const expected = where(products, (p) => p.stems.includes('denim') && p.category !== 'Kids')
            .sort((a, b) => (ascending ? 1 : -1) * compare(key(a), key(b)))
            .filter((i) => !after || (ascending ? 1 : -1) * compare(key(i), [after.price, after.id]) > 0)
            .slice(0, limit);
          expect(index.byPriceOrder(set, accept, { ascending, after, limit })).toEqual(expected);
        },
      ),
    );
  });

  it('combines sets: one without the other, and either', () => {
    fc.assert(
      fc.property(catalogues, (products) => {
        const index = indexOf(products);
        const denim = index.empty();
        index.addTerm({ stem: 'denim', prefix: false }, 'any', denim);
        const men = index.empty();
        index.addTerm({ stem: 'men', prefix: false }, 'any', men);
        expect(positionsOf(denim, men)).toEqual(
          where(products, (p) => p.stems.includes('denim') && !p.stems.includes('men')),
        );
        const both = index.empty();
        addAll(both, denim);
        const shared = where(products, (p) => p.stems.includes('denim') && p.stems.includes('men'));
        expect(keepShared(both, men)).toBe(shared.length > 0);
        expect(positionsOf(both)).toEqual(shared);
        expect(addAll(denim, men)).toBe(positionsOf(men).length > 0);
        expect(positionsOf(denim)).toEqual(
          where(products, (p) => p.stems.includes('denim') || p.stems.includes('men')),
        );
      }),
    );
  });
});
