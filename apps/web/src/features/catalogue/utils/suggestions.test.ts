import { describe, expect, it } from 'vitest';
import { categoryLabel, moveActive, searchUrl, suggestionOptions } from './suggestions.ts';

describe('searchUrl', () => {
  it.each([
    ['dennim jaket', '/products?q=dennim+jaket'],
    ['  polo shrt  ', '/products?q=polo+shrt'],
    ['T-shirt & co', '/products?q=T-shirt+%26+co'],
    ['   ', '/products'],
    ['', '/products'],
  ])('leads %j to %s', (text, url) => {
    expect(searchUrl(text)).toBe(url);
  });
});

describe('categoryLabel', () => {
  it('names the category and its subcategory, or the category alone', () => {
    expect(categoryLabel({ category: 'Men', subCategory: 'Bottoms' })).toBe('Men · Bottoms');
    expect(categoryLabel({ category: 'Kids', subCategory: null })).toBe('Kids');
  });
});

describe('suggestionOptions', () => {
  it('lists the products first, then the categories, each with where it leads', () => {
    const options = suggestionOptions({
      products: [
        {
          id: 'p1',
          name: 'Men Straight Jeans Indigo',
          imageUrl: '/uploads/jeans-800.webp',
          price: '1799.00',
          category: 'Men',
          subCategory: 'Bottoms',
        },
      ],
      categories: [
        { category: 'Men', subCategory: 'Bottoms' },
        { category: 'Women', subCategory: null },
      ],
    });
    expect(options.map(({ kind, key, url }) => ({ kind, key, url }))).toEqual([
      { kind: 'product', key: 'product:p1', url: '/view?pid=p1' },
      { kind: 'category', key: 'category:Men · Bottoms', url: '/products?category=Men&subCategory=Bottoms' },
      { kind: 'category', key: 'category:Women', url: '/products?category=Women' },
    ]);
  });

  it('has no options when nothing matches', () => {
    expect(suggestionOptions({ products: [], categories: [] })).toEqual([]);
  });
});

describe('moveActive', () => {
  it.each([
    [-1, 1, 3, 0],
    [0, 1, 3, 1],
    [2, 1, 3, -1],
    [-1, -1, 3, 2],
    [0, -1, 3, -1],
    [2, -1, 3, 1],
    [-1, 1, 0, -1],
    [-1, -1, 0, -1],
  ] as const)('from %i by %i among %i options goes to %i', (active, step, count, next) => {
    expect(moveActive(active, step, count)).toBe(next);
  });
});
