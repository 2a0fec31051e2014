import type { Executor } from '../../db/client.ts';
import { englishStem } from './english-stem.ts';
import type { Field, SearchIndex, Term } from './search-index.ts';
import { type SearchToken, searchTokens } from './search-words.ts';
import { type FormFacts, formFacts } from './word-facts.ts';

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
