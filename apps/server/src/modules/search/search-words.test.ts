import { describe, expect, it } from 'vitest';
import { editDistance, maxEdits, oneSlipAway, SEARCH_TOKENS_MAX, searchTokens } from './search-words.ts';

describe('searchTokens', () => {
  it("lower-cases the words typed between spaces, joining each one's letters and digits", () => {
    expect(searchTokens('  T-shirt,  Navy!  ')).toEqual([
      { joined: 'tshirt', parts: ['t', 'shirt'] },
      { joined: 'navy', parts: ['navy'] },
    ]);
    expect(searchTokens('Kid_Tee 2-pack/set')).toEqual([
      { joined: 'kidtee', parts: ['kid', 'tee'] },
      { joined: '2packset', parts: ['2', 'pack', 'set'] },
    ]);
  });

  it('keeps letters beyond ASCII and drops words of punctuation alone', () => {
    expect(searchTokens('piqué — ÉCRU %%')).toEqual([
      { joined: 'piqué', parts: ['piqué'] },
      { joined: 'écru', parts: ['écru'] },
    ]);
    expect(searchTokens(' %_ ! ')).toEqual([]);
  });

  it(`reads at most ${SEARCH_TOKENS_MAX} words`, () => {
    const words = Array.from({ length: SEARCH_TOKENS_MAX + 3 }, (_, i) => `w${i}`);
    expect(searchTokens(words.join(' ')).map((t) => t.joined)).toEqual(words.slice(0, SEARCH_TOKENS_MAX));
  });
});

describe('oneSlipAway', () => {
  it('leaves out a letter or swaps two neighbours in any word', () => {
    const variants = oneSlipAway('dennim');
    expect(variants).toContain('denim');
    expect(oneSlipAway('shrit')).toContain('shirt');
    expect(oneSlipAway('tshrit')).toContain('tshirt');
    // Longer words are left to trigrams for added and replaced letters.
    expect(variants).not.toContain('dennims');
    expect(variants).not.toContain('dennin');
  });

  it('also adds or replaces a letter in short words, never returning the word itself', () => {
    const variants = oneSlipAway('shrt');
    expect(variants).toEqual(expect.arrayContaining(['shirt', 'short', 'shot', 'sort']));
    expect(oneSlipAway('jeen')).toContain('jean');
    // From five letters on, trigrams find the word a letter was added to or replaced in.
    expect(oneSlipAway('jaket')).not.toContain('jacket');
    expect(variants).not.toContain('shrt');
    expect(new Set(variants).size).toBe(variants.length);
  });

  it('corrects no word under three letters', () => {
    expect(oneSlipAway('te')).toEqual([]);
    expect(oneSlipAway('tee').length).toBeGreaterThan(0);
  });
});

describe('editDistance', () => {
  it.each([
    ['denim', 'denim', 0],
    ['dennim', 'denim', 1],
    ['jaket', 'jacket', 1],
    ['shrit', 'shirt', 1],
    ['sandls', 'sandals', 1],
    ['sandls', 'sand', 2],
    ['', 'tee', 3],
    ['polo', 'shirt', 5],
  ])('%s -> %s: %i', (a, b, edits) => {
    expect(editDistance(a, b)).toBe(edits);
    expect(editDistance(b, a)).toBe(edits);
  });

  it('allows one edit per three letters, at least one', () => {
    expect([maxEdits('tee'), maxEdits('jaket'), maxEdits('dennim'), maxEdits('windbreakr')]).toEqual([
      1, 1, 2, 3,
    ]);
  });
});
