import {
  CATEGORIES,
  type Category,
  type CategorySuggestion,
  SUGGESTED_CATEGORIES_MAX,
  SUGGESTED_PRODUCTS_MAX,
  type SubCategory,
  type Suggestions,
} from '@habi/shared';
import { and, desc, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { escapeLike } from '../../lib/sql.ts';
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
  /** Ranks 3 to 6 as full-text queries (`tsquery` text), those that can match and are new. */
  ranks: string[];
}

/**
 * How a search reads and where its walks stop change only as products are added or edited: each
 * database's answers are kept for a minute (the most recent 1,000), so a search repeated by many
 * shoppers, or a word typed a letter at a time, asks once. A word new to the catalogue may be
 * read as a typo for that long; names are always compared as typed.
 */
const REMEMBERED_MS = 60_000;
const REMEMBERED_MAX = 1000;
const remembered = new WeakMap<Executor, Map<string, { at: number; answer: Promise<unknown> }>>();

function remember<T>(db: Executor, key: string, ask: () => Promise<T>): Promise<T> {
  const answers = remembered.get(db) ?? new Map<string, { at: number; answer: Promise<unknown> }>();
  remembered.set(db, answers);
  const now = Date.now();
  const known = answers.get(key);
  if (known && now - known.at < REMEMBERED_MS) return known.answer as Promise<T>;
  const entry = { at: now, answer: ask() };
  answers.delete(key);
  answers.set(key, entry);
  if (answers.size > REMEMBERED_MAX) answers.delete(answers.keys().next().value!);
  // A failed question is asked again next time.
  entry.answer.catch(() => answers.get(key) === entry && answers.delete(key));
  return entry.answer;
}

/** How many near spellings of a word are tried, the nearest first. */
const NEAR_SPELLINGS_MAX = 3;

const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** What the catalogue says about a typed form (`form`), or a word it has near one (`slip`, `near`). */
interface WordRow {
  kind: 'form' | 'prefix' | 'slip' | 'near';
  form: string;
  word: string | null;
  /** Its English stem; null for a stop word. */
  stem: string | null;
  /** `form`: the catalogue has the form or its stem; `prefix`: a longer word starts with it. */
  known: boolean;
}

/**
 * What the catalogue's words say about the typed forms: their stems, whether it has them, and,
 * for those it has not (the word being typed aside while a longer word starts with it), the
 * words one slip away and those sharing most trigrams.
 */
async function lookUpWords(db: Executor, forms: string[], typing: string | undefined) {
  const slips = forms.flatMap((form) => oneSlipAway(form).map((variant) => [variant, form]));
  const stemOf = (word: SQL) => sql`(select lexeme from unnest(to_tsvector('english', ${word})) limit 1)`;
  const result = await db.execute(sql`
    with forms as materialized (
      select f.form, s.stem,
             s.stem is not null and exists (
               select 1 from search_words w where w.word = f.form or w.word = s.stem
             ) as known
      from jsonb_array_elements_text(${JSON.stringify(forms)}::jsonb) as f(form)
      left join lateral (select ${stemOf(sql`f.form`)} as stem) s on true
    ), prefix as materialized (
      select ${typing ?? ''}::text as form, ${typing !== undefined} and exists (
        select 1 from search_words w where w.word like ${`${escapeLike(typing ?? '')}_%`}
      ) as known
    ), unknown as (
      select f.form from forms f
      where f.stem is not null and not f.known
        and not exists (select 1 from prefix p where p.known and p.form = f.form)
    )
    select 'form' as kind, form, null as word, stem, known from forms
    union all
    select 'prefix', form, null, null, known from prefix
    union all
    select 'slip', u.form, w.word, ${stemOf(sql`w.word`)}, true
    from jsonb_array_elements(${JSON.stringify(slips)}::jsonb) as v(pair)
    join unknown u on u.form = v.pair ->> 1
    join search_words w on w.word = v.pair ->> 0
    union all
    select 'near', u.form, n.word, ${stemOf(sql`n.word`)}, true
    from unknown u cross join lateral (
      select word from search_words where word % u.form order by similarity(word, u.form) desc, word limit 8
    ) n
    where char_length(u.form) >= ${CORRECTED_MIN_LENGTH}
  `);
  const rows = (result as unknown as { rows: WordRow[] }).rows;
  const lookups = new Map(rows.filter((r) => r.kind === 'form').map((r) => [r.form, r]));
  const startsLongerWord = rows.some((r) => r.kind === 'prefix' && r.known);
  /** The catalogue's spellings of a form it does not know, nearest first. */
  const nearSpellings = (form: string) => {
    const scored = rows
      .filter((r) => (r.kind === 'slip' || r.kind === 'near') && r.form === form)
      .map((r) => ({ stem: r.stem!, edits: editDistance(form, r.word!) }))
      .filter((r) => r.edits <= maxEdits(form));
    const fewest = Math.min(...scored.map((r) => r.edits));
    return scored.filter((r) => r.edits === fewest).slice(0, NEAR_SPELLINGS_MAX);
  };
  return { lookups, startsLongerWord, nearSpellings };
}

/** A full-text query term: a stem some product has, or (`prefix`) the start of such stems. */
interface Term {
  stem: string;
  prefix: boolean;
}
/** A typed word: every one of its parts, each as one of its terms (none: the word cannot match). */
type WordTerms = Term[][];

/** Full-text query text: one of the terms; null for none. */
const tsOr = (terms: string[]) =>
  terms.length > 1 ? `(${terms.join(' | ')})` : terms.length === 1 ? terms[0]! : null;
/** Full-text query text: every term; null when one cannot match or there is none. */
const tsAnd = (terms: (string | null)[]) =>
  terms.length === 0 || terms.some((term) => term === null)
    ? null
    : terms.length === 1
      ? terms[0]!
      : `(${terms.join(' & ')})`;

/** A word's query, anywhere in the product or (weight A) in its name, category, subcategory or variations. */
function wordQuery(word: WordTerms, weight: '' | 'A') {
  const term = ({ stem, prefix }: Term) => {
    const label = `${prefix ? '*' : ''}${weight}`;
    return label ? `${quoteLexeme(stem)}:${label}` : quoteLexeme(stem);
  };
  return tsAnd(word.map((part) => tsOr(part.map(term))));
}

/**
 * Reads a search: which words it has (stop words such as "the" aside), each as terms some
 * product has: the word itself, or else the catalogue's nearest spellings of it, and for the word
 * being typed the longer words it starts. A rank that cannot match is not read at all.
 */
export function planSearch(db: Executor, q: string): Promise<SearchPlan> {
  return remember(db, `plan ${q.trim()}`, () => readSearch(db, q));
}

async function readSearch(db: Executor, q: string): Promise<SearchPlan> {
  const tokens = searchTokens(q);
  // Words typed apart may be one the catalogue writes together: "t shirt" is "tshirt".
  const together = tokens.length > 1 ? tokens.map((t) => t.joined).join('') : undefined;
  const forms = [
    ...new Set([
      ...tokens.flatMap((t) => (t.parts.length > 1 ? [t.joined, ...t.parts] : [t.joined])),
      ...(together ? [together] : []),
    ]),
  ];
  const typing = tokens.at(-1)?.joined;
  const { lookups, startsLongerWord, nearSpellings } =
    forms.length > 0
      ? await lookUpWords(db, forms, typing)
      : { lookups: new Map<string, WordRow>(), startsLongerWord: false, nearSpellings: () => [] };

  /** A form's terms; null for a stop word. */
  const readForm = (form: string): Term[] | null => {
    const lookup = lookups.get(form);
    if (!lookup?.stem) return null;
    const terms: Term[] = [];
    if (lookup.known) terms.push({ stem: lookup.stem, prefix: false });
    // The word being typed may be the start of a longer one, and is then no typo.
    if (form === typing && startsLongerWord) terms.push({ stem: lookup.stem, prefix: true });
    if (terms.length > 0) return terms;
    const near = new Set(nearSpellings(form).map((r) => r.stem));
    return [...near].map((stem) => ({ stem, prefix: false }));
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
  const queries = (weight: '' | 'A') => words.map((word) => wordQuery(word, weight));
  const written = together === undefined ? undefined : lookups.get(together);
  const ranks: string[] = [];
  for (const query of [
    written?.known && written.stem ? `${quoteLexeme(written.stem)}:A` : null,
    tsAnd(queries('A')),
    tsAnd(queries('')),
    tsOr(queries('A').filter((query) => query !== null)),
    tsOr(queries('').filter((query) => query !== null)),
  ]) {
    if (query && !ranks.includes(query)) ranks.push(query);
  }
  const text = q.trim();
  return { text, nameContains: !/\s/.test(text), ranks };
}

const searchVector = sql`"products"."search_vector"`;
const matchesWords = (query: string) => sql`${searchVector} @@ ${query}::tsquery`;

/** The name ranks, from the narrowest; each contains the ones before it. */
function nameRanks(plan: SearchPlan): SQL[] {
  const ranks = [
    sql`lower(${products.name}) = lower(${plan.text})`,
    sql`lower(${products.name}) like lower(${`${escapeLike(plan.text)}%`})`,
  ];
  if (plan.nameContains) ranks.push(ilike(products.name, `%${escapeLike(plan.text)}%`));
  return ranks;
}

/** Every product a search finds, whatever its rank. */
export function searchMatch(plan: SearchPlan): SQL {
  // The last rank (some word, anywhere) contains the others.
  const widest = plan.ranks.at(-1);
  return or(nameRanks(plan).at(-1), widest === undefined ? undefined : matchesWords(widest))!;
}

/** The columns of a product summary: a page of results reads only these. */
const SUMMARY_COLUMNS = {
  id: products.id,
  name: products.name,
  imageUrl: products.imageUrl,
  price: products.price,
  category: products.category,
  subCategory: products.subCategory,
  createdAt: products.createdAt,
  trackStock: products.trackStock,
};

/** At least this many of the newest products are walked for each rank before its index is read. */
const WALKED_MIN = 1000;
/** The newest products a rank walks: enough for the page when 1 in this many matches. */
const WALKED_PER_ROW = 40;

/** How many parts a first page reads before the others (the names', or the first words'). */
const FIRST_READ = 3;

export interface Page {
  offset: number;
  limit: number;
}

/**
 * A page of the products a search finds, best first (newest first within a rank, then by id).
 * The ranks are read in turn, each only as far as the page needs: UNION ALL returns its parts in
 * order, and the LIMIT stops reading once the page is full.
 *
 * How many products a rank matches is often far from what the planner expects ("denim" and
 * "jacket" are common, yet seldom meet), and walking the newest-first index until enough rows
 * match would then read the whole table. So each rank past the first two (which read the name
 * index) walks only the newest products, as many as the page would need if 1 in 40 matched; the
 * older ones it reads through its own index (ordering by an expression keeps the planner from
 * walking there too).
 */
export async function searchPage(db: Executor, q: string, filter: SQL | undefined, page: Page) {
  // Each part stops at the most rows the page could need from it.
  const enough = page.offset + page.limit;
  const [plan, edge] = await Promise.all([planSearch(db, q), walkedEdge(db, enough)]);
  const names = nameRanks(plan);
  const widestName = names.at(-1)!;
  const ranks = [
    ...names.map((rank, i) => (i === 0 ? rank : and(rank, not(names[i - 1]!))!)),
    ...plan.ranks.map((query, i) => {
      const before = tsOr(plan.ranks.slice(0, i));
      return and(matchesWords(query), not(widestName), before ? not(matchesWords(before)) : undefined)!;
    }),
  ];
  const key = sql`(${products.createdAt}, ${products.id})`;
  const newestFirst = desc(products.createdAt);
  const throughIndex = desc(sql`${products.createdAt} + interval '0 seconds'`);
  const parts = ranks.flatMap((rank, i) =>
    i < 2 || !edge
      ? [{ where: rank, order: newestFirst }]
      : [
          { where: and(rank, sql`${key} > ${edge}`)!, order: newestFirst },
          { where: and(rank, sql`${key} <= ${edge}`)!, order: throughIndex },
        ],
  );
  const selects = parts.map(({ where, order }) =>
    db
      .select(SUMMARY_COLUMNS)
      .from(products)
      .where(and(filter, where))
      .orderBy(order, desc(products.id))
      .limit(enough),
  );
  // One part alone is already limited to the page's rows.
  const read = async ([first, second, ...rest]: typeof selects, limit: number, offset = 0) =>
    second
      ? unionAll(first!, second, ...rest)
          .limit(limit)
          .offset(offset)
      : (await first!).slice(offset, offset + limit);
  // A first page is mostly filled by the first ranks: they alone are planned and read first. Short
  // of a page, they held no more (each reads up to a page), and the others' rows follow theirs.
  if (page.offset === 0 && selects.length > FIRST_READ) {
    const rows = await read(selects.slice(0, FIRST_READ), page.limit);
    if (rows.length === page.limit) return rows;
    return [...rows, ...(await read(selects.slice(FIRST_READ), page.limit - rows.length))];
  }
  return read(selects, page.limit, page.offset);
}

/**
 * Where a rank stops walking for a page that needs this many rows: the (time, id) of the oldest
 * product it walks, or null when it may walk them all.
 */
async function walkedEdge(db: Executor, enough: number) {
  const walked = Math.max(WALKED_MIN, WALKED_PER_ROW * enough);
  // Any edge splits a rank into two parts that together hold it all: one a little out of date
  // only walks a few more or fewer products.
  const [row] = await remember(db, `edge ${walked}`, () =>
    db
      .select({ createdAt: products.createdAt, id: products.id })
      .from(products)
      .orderBy(desc(products.createdAt), desc(products.id))
      .offset(walked - 1)
      .limit(1),
  );
  return row ? sql`(${row.createdAt}::timestamptz, ${row.id}::uuid)` : null;
}

/** The most products whose categories the suggestions look at. */
const SUGGESTION_POOL = 48;

/**
 * Suggestions for what has been typed so far: the best products, and the categories of the best
 * matches (a whole category first when a typed word names it: "kids jeans" -> Kids).
 */
export async function suggest(db: Executor, q: string): Promise<Suggestions> {
  const rows = await searchPage(db, q, undefined, { offset: 0, limit: SUGGESTION_POOL });
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
