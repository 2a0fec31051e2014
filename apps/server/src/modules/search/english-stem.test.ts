import { demoProducts } from '@habi/demo';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestApp } from '../../test/helpers.ts';
import { englishStem } from './english-stem.ts';

/** Words that take each rule of the algorithm, and its exceptions. */
const RULES = [
  // exceptions, short words and stop words
  ...['skis', 'skies', 'sky', 'dying', 'lying', 'tying', 'vying', 'idly', 'gently', 'ugly', 'early', 'only'],
  ...['singly', 'news', 'howe', 'atlas', 'cosmos', 'bias', 'andes', 'ab', 'by', 'the', 'does', 'having'],
  ...['inning', 'innings', 'outing', 'outings', 'canning', 'herring', 'earrings', 'proceed', 'exceeds'],
  ...['succeeding', 'generously', 'generation', 'communism', 'communication', 'arsenal', 'arsenals'],
  // y as a consonant, plurals, -ed and -ing
  ...['youth', 'yelling', 'crying', 'cry', 'enjoy', 'boys', 'sayings', 'toyed', 'ayyy', 'yyy', 'eyes'],
  ...['caresses', 'cries', 'ties', 'gas', 'gaps', 'kiss', 'bus', 'status', 'sandals', 'hoodies', 'jeans'],
  ...['feed', 'agreed', 'bleed', 'needly', 'hoping', 'hopping', 'aged', 'ageing', 'luxuriating'],
  ...['troubled', 'sized', 'hopped', 'fizzed', 'filing', 'failing', 'falling', 'exceedingly'],
  // steps 2 to 5
  ...['relational', 'conditional', 'valenci', 'hesitanci', 'digitizer', 'organization', 'operator'],
  ...['feudalism', 'formaliti', 'hopefulness', 'callousness', 'decisiveness', 'sensibiliti', 'analogi'],
  ...['archaeologist', 'biology', 'faithfully', 'heedlessly', 'fluently', 'cheerfully', 'formalize'],
  ...['duplicate', 'electriciti', 'electrical', 'goodness', 'demonstrative', 'revival', 'allowance'],
  ...['inference', 'airliner', 'gyroscopic', 'adjustable', 'defensible', 'irritant', 'replacement'],
  ...['adjustment', 'dependent', 'adoption', 'communion', 'activate', 'angulariti', 'homologous'],
  ...['effective', 'bowdlerize', 'probate', 'rate', 'cease', 'controll', 'roll', 'knitwear', 'tshirts'],
  ...['shirttee', 'denimjacket', 'poloshirt', 'tshirt', 'jumpsuits', 'windbreakers', 'strappy'],
];

/** Pieces whose joins reach every step's suffixes. */
const PIECES = [
  ...['b', 'c', 'd', 'f', 'g', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 't', 'v', 'w', 'x', 'y', 'z'],
  ...['a', 'e', 'i', 'o', 'u', 'y', 'ee', 'ea', 'oo', 'ay', 'oy'],
  ...['ational', 'tional', 'enci', 'anci', 'abli', 'entli', 'izer', 'ization', 'ation', 'ator', 'alism'],
  ...['aliti', 'alli', 'fulness', 'ousli', 'ousness', 'iveness', 'iviti', 'biliti', 'bli', 'ogi'],
  ...['fulli', 'lessli', 'li', 'alize', 'icate', 'iciti', 'ical', 'ful', 'ness', 'ative', 'al'],
  ...['ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ism', 'ate', 'iti'],
  ...['ous', 'ive', 'ize', 'ion', 'sion', 'tion', 'e', 'll', 'sses', 'ied', 'ies', 'us', 'ss', 's'],
  ...['eed', 'eedly', 'ed', 'edly', 'ing', 'ingly', 'at', 'bl', 'iz', 'bb', 'dd', 'ff', 'gg', 'mm'],
  ...['nn', 'pp', 'rr', 'tt', 'gener', 'commun', 'arsen'],
];

describe('englishStem', () => {
  const ctx = useTestApp();

  it("gives every word the stem the database's to_tsvector('english') gives it, and none for a stop word", async () => {
    const catalogue = demoProducts.flatMap(
      (p) =>
        `${p.name} ${p.description} ${p.category} ${p.subCategory ?? ''} ${p.variations.map((v) => v.name).join(' ')}`
          .toLowerCase()
          .match(/[a-z]+/g) ?? [],
    );
    const generated = fc.sample(
      fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join('')),
      { numRuns: 6000, seed: 2026 },
    );
    const words = [...new Set([...RULES, ...catalogue, ...generated])];
    expect(words.length).toBeGreaterThan(4000);
    const rows = await queryRows<{ word: string; stem: string | null }>(
      ctx.t,
      sql`select w as word, (select lexeme from unnest(to_tsvector('english', w)) limit 1) as stem
          from jsonb_array_elements_text(${JSON.stringify(words)}::jsonb) as w`,
    );
    const expected = Object.fromEntries(rows.map((row) => [row.word, row.stem]));
    const stemmed = Object.fromEntries(words.map((word) => [word, englishStem(word)]));
    expect(stemmed).toEqual(expected);
  });
});
