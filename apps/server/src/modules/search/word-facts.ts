import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rememberedLookups } from '../../lib/batch.ts';
import { escapeLike } from '../../lib/sql.ts';
import { CORRECTED_MIN_LENGTH, editDistance, maxEdits, oneSlipAway } from './search-words.ts';

// What the catalogue says about each word a search types: its stem, whether products have it,
// and for a word they have not, its nearest spellings (the search's typo tolerance).

/**
 * What the catalogue says about a typed form changes only as products are added or edited: each
 * database's answers are kept for a minute (the most recent 10,000), so a word typed by many
 * shoppers, or a letter at a time, is looked up once. A word new to the catalogue may be read as
 * a typo for that long; names are always compared as typed.
 */
const REMEMBERED_MS = 60_000;
const REMEMBERED_MAX = 10_000;

/** What the catalogue says about a typed form. */
export interface FormFacts {
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
export function formFacts(db: Executor, forms: Asked[]): Promise<Map<Asked, FormFacts>> {
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
