import {
  CATEGORIES,
  type Category,
  type CategorySuggestion,
  SUGGESTED_CATEGORIES_MAX,
  SUGGESTED_PRODUCTS_MAX,
  type SubCategory,
  type Suggestions,
} from '@habi/shared';
import type { Executor } from '../../db/client.ts';
import { addAll, type Bits, keepShared, visit } from './bits.ts';
import type { SearchIndex } from './search-index.ts';
import { planSearch, type Query, type SearchPlan } from './search-plan.ts';
import { searchTokens } from './search-words.ts';

/** Adds to `into` the products a query finds; false when it finds none (`into` is then untouched). */
function addFound(index: SearchIndex, query: Query, into: Bits): boolean {
  if ('term' in query) return index.addTerm(query.term, query.field, into);
  if ('some' in query) {
    let found = false;
    for (const part of query.some) found = addFound(index, part, into) || found;
    return found;
  }
  const [first, ...rest] = query.every;
  return index.withSets(2, (shared, part) => {
    if (!addFound(index, first!, shared)) return false;
    for (const next of rest) {
      // A common word's products are a bitset already: kept shared in one pass, not copied first.
      const bits = 'term' in next ? index.bitsOf(next.term, next.field) : undefined;
      if (bits) {
        if (!keepShared(shared, bits)) return false;
        continue;
      }
      part.fill(0);
      if (!addFound(index, next, part) || !keepShared(shared, part)) return false;
    }
    return addAll(into, shared);
  });
}

/** The ranks of a search, best first, each adding its products to the set it is given (false: none). */
function ranksOf(plan: SearchPlan): ((index: SearchIndex, into: Bits) => boolean)[] {
  // The name ranks, from the narrowest; each contains the ones before it.
  const names = (['is', 'starts', ...(plan.nameContains ? (['contains'] as const) : [])] as const).map(
    (match) => (index: SearchIndex, into: Bits) => index.addName(plan.text, match, into),
  );
  return [
    ...names,
    ...plan.ranks.map((query) => (index: SearchIndex, into: Bits) => addFound(index, query, into)),
  ];
}

/** What a search is narrowed to: the collection page's categories and subcategories (none: all). */
export interface SearchFilter {
  category: readonly string[];
  subCategory: readonly string[];
}

const accepts = (index: SearchIndex, { category, subCategory }: SearchFilter) => {
  const categories = new Set(category);
  const subCategories = new Set(subCategory);
  return (position: number) =>
    (categories.size === 0 || categories.has(index.category(position)!)) &&
    (subCategories.size === 0 || subCategories.has(index.subCategory(position)!));
};

export interface Page {
  offset: number;
  limit: number;
}

/** The search index at the request's products' version or newer (load-search-index.ts). */
export type IndexAt = () => Promise<SearchIndex>;

/**
 * A page of the products a search finds, best first (newest first within a rank, then by id):
 * each rank is worked out only when the ranks before it do not fill the page.
 */
export async function searchPage(
  db: Executor,
  indexAt: IndexAt,
  q: string,
  filter: SearchFilter,
  page: Page,
) {
  const index = await indexAt();
  const plan = await planSearch(db, index, q);
  const accept = accepts(index, filter);
  const positions: number[] = [];
  let skipped = 0;
  index.withSets(2, (shown, matches) => {
    for (const rank of ranksOf(plan)) {
      if (positions.length === page.limit) break;
      matches.fill(0);
      if (!rank(index, matches)) continue;
      // Each product once, in the first rank that finds it.
      visit(matches, shown, (position) => {
        if (!accept(position)) return true;
        if (skipped < page.offset) skipped++;
        else positions.push(position);
        return positions.length < page.limit;
      });
      if (positions.length < page.limit) addAll(shown, matches);
    }
  });
  return positions.map((position) => index.summary(position));
}

/**
 * A page of the products a search finds in price order (then by id), after the given product's
 * price and id when paging on.
 */
export async function searchByPrice(
  db: Executor,
  indexAt: IndexAt,
  q: string,
  filter: SearchFilter,
  order: { ascending: boolean; after?: { price: number; id: string }; limit: number },
) {
  const index = await indexAt();
  const plan = await planSearch(db, index, q);
  const positions = index.withSets(1, (matches) => {
    for (const rank of ranksOf(plan)) rank(index, matches);
    return index.byPriceOrder(matches, accepts(index, filter), order);
  });
  return positions.map((position) => index.summary(position));
}

/** The most products whose categories the suggestions look at. */
const SUGGESTION_POOL = 48;

/**
 * Suggestions for what has been typed so far: the best products, and the categories of the best
 * matches (a whole category first when a typed word names it: "kids jeans" -> Kids).
 */
export async function suggest(db: Executor, indexAt: IndexAt, q: string): Promise<Suggestions> {
  const rows = await searchPage(
    db,
    indexAt,
    q,
    { category: [], subCategory: [] },
    { offset: 0, limit: SUGGESTION_POOL },
  );
  // "kid", "kids", "men", "mens": a word naming a category, one or many.
  const one = (word: string) => word.toLowerCase().replace(/s$/, '');
  const words = new Set(searchTokens(q).map((t) => one(t.joined)));
  const categories: CategorySuggestion[] = CATEGORIES.filter((c) => words.has(one(c))).map((category) => ({
    category,
    subCategory: null,
  }));
  const seen = new Set(categories.map((c) => `${c.category}/null`));
  for (const row of rows) {
    const key = `${row.category}/${row.subCategory}`;
    if (!row.category || seen.has(key)) continue;
    seen.add(key);
    categories.push({
      category: row.category as Category,
      subCategory: row.subCategory as SubCategory | null,
    });
  }
  return {
    products: rows.slice(0, SUGGESTED_PRODUCTS_MAX).map((row) => ({
      id: row.id,
      name: row.name,
      imageUrl: row.imageUrl,
      price: row.price,
      category: row.category,
      subCategory: row.subCategory,
    })),
    categories: categories.slice(0, SUGGESTED_CATEGORIES_MAX),
  };
}
