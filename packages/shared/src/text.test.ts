import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdSchema, SearchTextSchema } from './schemas/common.ts';
import { isId, readSearchText, SEARCH_TEXT_MAX } from './text.ts';

describe('readSearchText', () => {
  it.each([
    ['  denim jacket ', 'denim jacket'],
    ['', ''],
    ['tab\there', undefined],
    ['nul\u0000', undefined],
    ['half a pair \ud800', undefined],
    ['\udc00 the other half', undefined],
    ['whole pair 👗', 'whole pair 👗'],
    [`${'a'.repeat(SEARCH_TEXT_MAX)}   `, 'a'.repeat(SEARCH_TEXT_MAX)],
    ['a'.repeat(SEARCH_TEXT_MAX + 1), undefined],
  ])('reads %j as %j', (text, expected) => {
    expect(readSearchText(text)).toBe(expected);
  });

  it('takes and refuses exactly what the API schema does', () => {
    const texts = fc.oneof(
      fc.string({ maxLength: SEARCH_TEXT_MAX + 10 }),
      fc.string({ unit: 'grapheme', maxLength: SEARCH_TEXT_MAX + 10 }),
      // UTF-16 code units, lone surrogates included.
      fc.string({ unit: 'binary', maxLength: SEARCH_TEXT_MAX + 10 }),
      fc
        .tuple(
          fc.constantFrom(' ', '\u00a0', '\u2003', '\n', '\u0085', ''),
          fc.string({ maxLength: SEARCH_TEXT_MAX }),
        )
        .map(([space, text]) => `${space}${text}${space}`),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(readSearchText(text)).toBe(SearchTextSchema.safeParse(text).data);
      }),
    );
  });
});

describe('isId', () => {
  it('takes and refuses exactly what the API schema does', () => {
    const texts = fc.oneof(
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
      fc.uuid().map((id) => `${id} `),
      fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff', ''),
      fc.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      fc.string({ maxLength: 40 }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(isId(text)).toBe(IdSchema.safeParse(text).success);
      }),
    );
  });
});
