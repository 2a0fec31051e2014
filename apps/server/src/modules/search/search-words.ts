/**
 * The words of a search as typed, and the near spellings a typed word may have been meant as:
 * pure functions; the catalogue's own words decide which spelling is meant (word-facts.ts).
 */

/** The most typed words a search looks at; the rest are ignored. */
export const SEARCH_TOKENS_MAX = 8;

/** A word as typed between spaces: its letters and digits joined ("t-shirt" -> "tshirt"), and their runs. */
export interface SearchToken {
  joined: string;
  parts: string[];
}

const LETTERS_AND_DIGITS = /[\p{L}\p{N}]+/gu;

/**
 * The typed words, lower-cased: "T-shirt, navy" gives { joined: "tshirt", parts: ["t", "shirt"] }
 * and { joined: "navy", parts: ["navy"] }. Punctuation alone is no word.
 */
export function searchTokens(q: string): SearchToken[] {
  return q
    .toLowerCase()
    .split(/\s+/)
    .map((token) => token.match(LETTERS_AND_DIGITS) ?? [])
    .filter((parts) => parts.length > 0)
    .slice(0, SEARCH_TOKENS_MAX)
    .map((parts) => ({ joined: parts.join(''), parts }));
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';
/**
 * Words this short or shorter also get their one-letter replacements and insertions (longer ones
 * share enough trigrams with the meant word for the trigram search to find it).
 */
const SHORT_WORD = 4;
/** Shorter words are not corrected: too many words are a letter away from them. */
export const CORRECTED_MIN_LENGTH = 3;

/**
 * The spellings one slip away from a word: a letter left out or two swapped, and for short
 * words (where trigrams share too little to find the meant word) a letter replaced or added.
 */
export function oneSlipAway(word: string): string[] {
  const chars = [...word];
  if (chars.length < CORRECTED_MIN_LENGTH) return [];
  const variants = new Set<string>();
  const at = (i: number, replace: number, insert: string) =>
    [...chars.slice(0, i), insert, ...chars.slice(i + replace)].join('');
  for (let i = 0; i < chars.length; i++) {
    variants.add(at(i, 1, ''));
    if (i + 1 < chars.length) variants.add(at(i, 2, `${chars[i + 1]}${chars[i]}`));
  }
  if (chars.length <= SHORT_WORD) {
    for (let i = 0; i <= chars.length; i++) {
      for (const letter of ALPHABET) {
        variants.add(at(i, 0, letter));
        if (i < chars.length) variants.add(at(i, 1, letter));
      }
    }
  }
  variants.delete(word);
  return [...variants];
}

/**
 * Edits (a letter added, left out, replaced, or two neighbours swapped) that turn one word into
 * the other: the optimal string alignment distance.
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  // rows[i][j]: the distance between the first i letters of s and the first j of t.
  const rows = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = best;
    }
  }
  return rows[s.length]![t.length]!;
}

/** The most edits a correction of a word this long may take: one per three letters, at least one. */
export const maxEdits = (word: string) => Math.max(1, Math.floor([...word].length / 3));
