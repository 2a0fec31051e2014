/**
 * The English stem PostgreSQL's `to_tsvector('english', word)` gives a word of the letters a to z:
 * Snowball's English (Porter2) stemmer, with PostgreSQL's English stop words, which have none.
 * The search index holds the catalogue's stems in this form, so a search can tell in memory
 * whether the catalogue has a word it never saw (search-plan.ts), without asking the database;
 * english-stem.test.ts holds it to the database's own answers.
 */

/** PostgreSQL's `english.stop`: words a search ignores. */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she ' +
    'her hers herself it its itself they them their theirs themselves what which who whom this that ' +
    'these those am is are was were be been being have has had having do does did doing a an the and ' +
    'but if or because as until while of at by for with about against between into through during ' +
    'before after above below to from up down in out on off over under again further then once here ' +
    'there when where why how all any both each few more most other some such no nor not only own ' +
    'same so than too very s t can will just don should now'
  ).split(' '),
);

/** Words the algorithm leaves alone or stems by hand. */
const EXCEPTIONS = new Map([
  ['skis', 'ski'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['idly', 'idl'],
  ['gently', 'gentl'],
  ['ugly', 'ugli'],
  ['early', 'earli'],
  ['only', 'onli'],
  ['singly', 'singl'],
  ...['sky', 'news', 'howe', 'atlas', 'cosmos', 'bias', 'andes'].map((word) => [word, word] as const),
]);
/** Words left as they are once a plural's "s" is gone. */
const KEPT_AFTER_PLURAL = new Set('inning outing canning herring earring proceed exceed succeed'.split(' '));
/** Starts whose first region (R1) begins right after them. */
const REGION_PREFIXES = ['gener', 'commun', 'arsen'];
const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDINGS = 'cdeghkmnrt';

/** Suffixes of steps 2 to 4, each with its replacement; the longest present is the one taken. */
const STEP_2: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['entli', 'ent'],
  ['izer', 'ize'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['alli', 'al'],
  ['fulness', 'ful'],
  ['ousli', 'ous'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['fulli', 'ful'],
  ['lessli', 'less'],
  ['li', ''],
];
const STEP_3: [string, string][] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
  ['ative', ''],
];
const STEP_4 = 'al ance ence er ic able ible ant ement ment ent ism ate iti ous ive ize ion'.split(' ');

const suffixOf = (entry: string | [string, string]) => (typeof entry === 'string' ? entry : entry[0]);
const longestFirst = <T extends string | [string, string]>(entries: T[]) =>
  [...entries].sort((a, b) => suffixOf(b).length - suffixOf(a).length);
const STEP_2_SUFFIXES = longestFirst(STEP_2);
const STEP_3_SUFFIXES = longestFirst(STEP_3);
const STEP_4_SUFFIXES = longestFirst(STEP_4);

/** A vowel; a "y" that acts as a consonant is written "Y" while stemming, and is none. */
const isVowel = (letter: string | undefined) => letter !== undefined && 'aeiouy'.includes(letter);

/** Where the region after the first non-vowel that follows a vowel begins, from `from` on. */
function regionAfter(word: string, from: number) {
  for (let i = from; i + 1 < word.length; i++) {
    if (isVowel(word[i]) && !isVowel(word[i + 1])) return i + 2;
  }
  return word.length;
}

/**
 * Whether `word` ends in a short syllable: a vowel between a non-vowel and a non-vowel other than
 * w, x and Y; or, when it has only two letters, a vowel and a non-vowel.
 */
function endsShort(word: string) {
  const n = word.length;
  if (n === 2) return isVowel(word[0]) && !isVowel(word[1]);
  return (
    n > 2 &&
    !isVowel(word[n - 3]) &&
    isVowel(word[n - 2]) &&
    !isVowel(word[n - 1]) &&
    !'wxY'.includes(word[n - 1]!)
  );
}

/** The stem of a word of the letters a to z, as PostgreSQL's English configuration has it; null for a stop word. */
export function englishStem(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  const exception = EXCEPTIONS.get(word);
  if (exception !== undefined) return exception;
  if (word.length < 3) return word;

  // A "y" first or after a vowel is a consonant.
  let w = word.replace(/^y/, 'Y').replace(/([aeiouy])y/g, '$1Y');
  const prefix = REGION_PREFIXES.find((start) => w.startsWith(start));
  const r1 = prefix ? prefix.length : regionAfter(w, 0);
  const r2 = regionAfter(w, r1);
  const inR1 = (suffix: string) => w.length - suffix.length >= r1;
  const inR2 = (suffix: string) => w.length - suffix.length >= r2;
  const before = (suffix: string) => w.slice(0, w.length - suffix.length);

  // Step 1a: plurals.
  if (w.endsWith('sses')) w = `${before('sses')}ss`;
  else if (w.endsWith('ied') || w.endsWith('ies'))
    w = before('ies').length > 1 ? `${before('ies')}i` : `${before('ies')}ie`;
  else if (w.endsWith('us') || w.endsWith('ss')) {
    // left as it is
  } else if (w.endsWith('s') && /[aeiouy]/.test(w.slice(0, -2))) w = w.slice(0, -1);
  if (KEPT_AFTER_PLURAL.has(w)) return w;

  // Step 1b: -eed, -ed, -ing and their -ly.
  const step1b = ['eedly', 'ingly', 'edly', 'eed', 'ing', 'ed'].find((suffix) => w.endsWith(suffix));
  if (step1b === 'eed' || step1b === 'eedly') {
    if (inR1(step1b)) w = `${before(step1b)}ee`;
  } else if (step1b && /[aeiouy]/.test(before(step1b))) {
    w = before(step1b);
    if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
    else if (DOUBLES.has(w.slice(-2))) w = w.slice(0, -1);
    else if (w.length === r1 && endsShort(w)) w += 'e';
  }

  // Step 1c: a final "y" after a non-vowel (not the first letter) becomes "i".
  if (w.length > 2 && /[yY]$/.test(w) && !isVowel(w[w.length - 2])) w = `${w.slice(0, -1)}i`;

  // Steps 2 and 3: suffixes in R1 replaced.
  const step2 = STEP_2_SUFFIXES.find(([suffix]) => w.endsWith(suffix));
  if (step2 && inR1(step2[0])) {
    const [suffix, replacement] = step2;
    if (suffix === 'ogi') {
      if (before(suffix).endsWith('l')) w = `${before(suffix)}${replacement}`;
    } else if (suffix === 'li') {
      if (LI_ENDINGS.includes(before(suffix).at(-1) ?? ' ')) w = before(suffix);
    } else w = `${before(suffix)}${replacement}`;
  }
  const step3 = STEP_3_SUFFIXES.find(([suffix]) => w.endsWith(suffix));
  if (step3 && inR1(step3[0]) && (step3[0] !== 'ative' || inR2('ative')))
    w = `${before(step3[0])}${step3[1]}`;

  // Step 4: suffixes in R2 removed.
  const step4 = STEP_4_SUFFIXES.find((suffix) => w.endsWith(suffix));
  if (step4 && inR2(step4) && (step4 !== 'ion' || /[st]$/.test(before(step4)))) w = before(step4);

  // Step 5: a final "e", or the second "l" of "ll".
  if (w.endsWith('e')) {
    if (inR2('e') || (inR1('e') && !endsShort(before('e')))) w = before('e');
  } else if (w.endsWith('ll') && inR2('l')) w = w.slice(0, -1);

  return w.replaceAll('Y', 'y');
}
