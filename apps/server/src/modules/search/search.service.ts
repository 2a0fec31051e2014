import {
  CATEGORIES,
  type Category,
  type CategorySuggestion,
  SUGGESTED_CATEGORIES_MAX,
  SUGGESTED_PRODUCTS_MAX,
  type SubCategory,
  type Suggestions,
} from '@habi/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rememberedLookups } from '../../lib/batch.ts';
import { escapeLike } from '../../lib/sql.ts';
import { addAll, type Bits, keepShared, visit } from './bits.ts';
import { englishStem } from './english-stem.ts';
import type { Field, SearchIndex, Term } from './search-index.ts';
import {
  CORRECTED_MIN_LENGTH,
  editDistance,
  maxEdits,
  oneSlipAway,
  type SearchToken,
  searchTokens,
} from './search-words.ts';

/**
 * How a search is read (docs/business-rules.md, "Search"). Ranked best first, newest first
 * (then by id) within a rank:
 *   0. the name is the search (case aside);
 *   1. the name starts with it;
 *   2. (typed without spaces) the name contains it;
 *   3. every word is in its name, category, subcategory or variation names (first, when the
 *      words written together are one of those: "t shirt" and "tshirt");
 *   4. every word is in those or its description;
 *   5. some word is in its name, category, subcategory or variation names;
 *   6. some word is in those or its description.
 * A word is matched by its English stem ("jackets" finds "jacket"); a word no product has, by the
 * catalogue's nearest spellings of it ("dennim" finds "denim"); the word being typed also as the
 * start of a longer one ("jack" finds "jacket"). A rank that repeats an earlier one, or cannot
 * match, is left out.
 */
export interface SearchPlan {
  /** The search as typed, trimmed: the name ranks compare it whole. */
  text: string;
  /** Typed without spaces: a name containing it ranks next. */
  nameContains: boolean;
  /** Ranks 3 to 6, those that can match and are new. */
  ranks: Query[];
}

/** A full-text query: a term in a field, or every or some of the queries in `of`. */
export type Query = { term: Term; field: Field } | { every: Query[] } | { some: Query[] };

/**
 * What the catalogue says about a typed form changes only as products are added or edited: each
 * database's answers are kept for a minute (the most recent 10,000), so a word typed by many
 * shoppers, or a letter at a time, is looked up once. A word new to the catalogue may be read as
 * a typo for that long; names are always compared as typed.
 */
const REMEMBERED_MS = 60_000;
const REMEMBERED_MAX = 10_000;

/** What the catalogue says about a typed form. */
interface FormFacts {
  /** Its English stem; null for a stop word ("the"). */
  stem: string | null;
  /** The catalogue has the form or its stem. */
  known: boolean;
  /** A longer word of the catalogue starts with it (asked of typed words alone). */
  startsLonger: boolean;
  /** Not known: the stems of the catalogue's nearest spellings of it, nearest first (typed words alone). */
  near: string[];
}

/**
 * A form asked about: a typed word, or the words typed apart written together, of which only the
 * stem and whether the catalogue has it matter. Forms have no spaces (search-words.ts).
 */
type Asked = `word ${string}` | `joined ${string}`;
const formOf = (asked: Asked) => asked.slice(asked.indexOf(' ') + 1);

/** Each database's form facts, remembered or looked up (batch.ts). */
const factsOf = new WeakMap<Executor, (forms: Asked[]) => Promise<Map<Asked, FormFacts>>>();

/**
 * The facts of each form. Lookups are batched: the forms new to the searches arriving together
 * are looked up in one query, whose planning is most of its cost.
 */
function formFacts(db: Executor, forms: Asked[]): Promise<Map<Asked, FormFacts>> {
  let facts = factsOf.get(db);
  if (!facts) {
    facts = rememberedLookups((missing: Asked[]) => lookUpForms(db, missing), {
      ms: REMEMBERED_MS,
      max: REMEMBERED_MAX,
    });
    factsOf.set(db, facts);
  }
  return facts(forms);
}

/** How many near spellings of a word are tried, the nearest first. */
const NEAR_SPELLINGS_MAX = 3;

/** A row of the lookup: a form's stem and whether the catalogue has it, or a word near it. */
interface LookupRow {
  kind: 'form' | 'slip' | 'near';
  asked: Asked;
  word: string | null;
  /** Its English stem; null for a stop word. */
  stem: string | null;
  known: boolean;
  startsLonger: boolean;
}

/**
 * Looks the forms up in the catalogue's words: their stems and whether it has them; for typed
 * words also whether it has longer words starting with them, and for those it has not, the words
 * one slip away and those sharing most trigrams.
 */
async function lookUpForms(db: Executor, asked: Asked[]): Promise<Map<Asked, FormFacts>> {
  const words = asked.filter((key) => key.startsWith('word '));
  const slips = words.flatMap((key) => oneSlipAway(formOf(key)).map((variant) => [variant, key]));
  // Each pattern a value of its own, so the trigram index answers it (a pattern read from a
  // column would be matched against every word).
  const forms = sql.join(
    asked.map((key) => {
      const form = formOf(key);
      return key.startsWith('word ')
        ? sql`(${key}::text, ${form}::text, true, exists (select 1 from search_words w where w.word like ${`${escapeLike(form)}_%`}))`
        : sql`(${key}::text, ${form}::text, false, false)`;
    }),
    sql`, `,
  );
  const stemOf = (word: SQL) => sql`(select lexeme from unnest(to_tsvector('english', ${word})) limit 1)`;
  const result = await db.execute(sql`
    with forms as materialized (
      select f.asked, f.form, f.corrected, s.stem,
             s.stem is not null and exists (
               select 1 from search_words w where w.word = f.form or w.word = s.stem
             ) as known,
             f.starts_longer
      from (values ${forms}) as f(asked, form, corrected, starts_longer)
      left join lateral (select ${stemOf(sql`f.form`)} as stem) s on true
    ), unknown as (
      select asked, form from forms where corrected and stem is not null and not known
    )
    select 'form' as kind, asked, null as word, stem, known, starts_longer as "startsLonger" from forms
    union all
    select 'slip', u.asked, w.word, ${stemOf(sql`w.word`)}, true, false
    from jsonb_array_elements(${JSON.stringify(slips)}::jsonb) as v(pair)
    join unknown u on u.asked = v.pair ->> 1
    join search_words w on w.word = v.pair ->> 0
    union all
    select 'near', u.asked, n.word, ${stemOf(sql`n.word`)}, true, false
    from unknown u cross join lateral (
      select word from search_words where word % u.form order by similarity(word, u.form) desc, word limit 8
    ) n
    where char_length(u.form) >= ${CORRECTED_MIN_LENGTH}
  `);
  const rows = (result as unknown as { rows: LookupRow[] }).rows;
  const spellings = new Map<Asked, LookupRow[]>();
  for (const row of rows) {
    if (row.kind !== 'form') spellings.set(row.asked, [...(spellings.get(row.asked) ?? []), row]);
  }
  /** The catalogue's spellings of a form it does not know, nearest first. */
  const nearSpellings = (asked: Asked) => {
    const form = formOf(asked);
    const scored = (spellings.get(asked) ?? [])
      .map((r) => ({ stem: r.stem!, edits: editDistance(form, r.word!) }))
      .filter((r) => r.edits <= maxEdits(form));
    const fewest = Math.min(...scored.map((r) => r.edits));
    return [
      ...new Set(
        scored
          .filter((r) => r.edits === fewest)
          .slice(0, NEAR_SPELLINGS_MAX)
          .map((r) => r.stem),
      ),
    ];
  };
  return new Map(
    rows
      .filter((r) => r.kind === 'form')
      .map((r) => [
        r.asked,
        {
          stem: r.stem,
          known: r.known,
          startsLonger: r.startsLonger,
          near: r.known ? [] : nearSpellings(r.asked),
        },
      ]),
  );
}

/** A typed word: every one of its parts, each as one of its terms (none: the word cannot match). */
type WordTerms = Term[][];

/** Some of the queries; null for none. */
const someOf = (queries: Query[]): Query | null =>
  queries.length > 1 ? { some: queries } : queries.length === 1 ? queries[0]! : null;
/** Every one of the queries; null when one cannot match or there is none. */
const everyOf = (queries: (Query | null)[]): Query | null =>
  queries.length === 0 || queries.some((query) => query === null)
    ? null
    : queries.length === 1
      ? queries[0]!
      : { every: queries as Query[] };

/** A word's query, anywhere in the product or in its name, category, subcategory or variations. */
const wordQuery = (word: WordTerms, field: Field) =>
  everyOf(word.map((part) => someOf(part.map((term) => ({ term, field })))));

/** Forms stemmed in the server (english-stem.ts); the database stems the others (digits, accents). */
const STEMMED_HERE = /^[a-z]+$/;

/**
 * The stem of words written together and whether the catalogue has it, from the index: a form
 * the catalogue has is one of its products' stems (or a word whose stem is one), and a stem no
 * product has finds nothing, so this finds what the database's lookup would. Every new search of
 * two words or more has such a form, and so costs no lookup when its words are remembered.
 */
function writtenHere(index: SearchIndex, form: string): Pick<FormFacts, 'stem' | 'known'> {
  const stem = englishStem(form);
  return { stem, known: stem !== null && index.hasStem(stem) };
}

/**
 * Reads a search: which words it has (stop words such as "the" aside), each as terms some
 * product has: the word itself, or else the catalogue's nearest spellings of it, and for the word
 * being typed the longer words it starts. A rank that cannot match is not read at all.
 */
export async function planSearch(db: Executor, index: SearchIndex, q: string): Promise<SearchPlan> {
  const tokens = searchTokens(q);
  // Words typed apart may be one the catalogue writes together: "t shirt" is "tshirt".
  const together = tokens.length > 1 ? tokens.map((t) => t.joined).join('') : undefined;
  const togetherHere = together !== undefined && STEMMED_HERE.test(together);
  const typed = new Set(tokens.flatMap((t) => (t.parts.length > 1 ? [t.joined, ...t.parts] : [t.joined])));
  const typing = tokens.at(-1)?.joined;
  const facts = await formFacts(db, [
    ...[...typed].map((word) => `word ${word}` as const),
    ...(together && !togetherHere ? [`joined ${together}` as const] : []),
  ]);

  /** A form's terms; null for a stop word. */
  const readForm = (form: string): Term[] | null => {
    const fact = facts.get(`word ${form}`);
    if (!fact?.stem) return null;
    const terms: Term[] = [];
    if (fact.known) terms.push({ stem: fact.stem, prefix: false });
    // The word being typed may be the start of a longer one, and is then no typo.
    if (form === typing && fact.startsLonger) terms.push({ stem: fact.stem, prefix: true });
    if (terms.length > 0) return terms;
    return fact.near.map((stem) => ({ stem, prefix: false }));
  };
  const readToken = (token: SearchToken): WordTerms | null => {
    const joined = readForm(token.joined);
    // "t-shrit" is read as "tshrit" when the catalogue has that or a near spelling ("tshirt"),
    // and otherwise as its parts, all of them ("polo-shirt": "polo" and "shirt").
    if (token.parts.length === 1 || (joined && joined.length > 0)) return joined && [joined];
    const parts = token.parts.map(readForm).filter((part) => part !== null);
    return parts.length > 0 ? parts : null;
  };
  const words = tokens.map(readToken).filter((word) => word !== null);
  const queries = (field: Field) => words.map((word) => wordQuery(word, field));
  const written =
    together === undefined
      ? undefined
      : togetherHere
        ? writtenHere(index, together)
        : facts.get(`joined ${together}`);
  const ranks: Query[] = [];
  const seen = new Set<string>();
  for (const query of [
    written?.known && written.stem
      ? { term: { stem: written.stem, prefix: false }, field: 'name' as const }
      : null,
    everyOf(queries('name')),
    everyOf(queries('any')),
    someOf(queries('name').filter((query) => query !== null)),
    someOf(queries('any').filter((query) => query !== null)),
  ]) {
    const key = JSON.stringify(query);
    if (query && !seen.has(key)) {
      seen.add(key);
      ranks.push(query);
    }
  }
  const text = q.trim();
  return { text, nameContains: !/\s/.test(text), ranks };
}

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

/** The search index at the request's products' version or newer (search-index.ts). */
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
