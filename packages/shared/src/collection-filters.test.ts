import { describe, expect, it } from 'vitest';
import { collectionFilterPairs, parseCollectionFilters, type QueryReader } from './collection-filters.ts';
import { renderedPageQuery } from './pages.ts';

/** A query as `URLSearchParams` reads it (the shared package names no platform's types). */
function read(query: string): QueryReader {
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map(
      (part) =>
        part.split('=').map((text) => decodeURIComponent(text.replace(/\+/g, ' '))) as [string, string],
    );
  return {
    get: (name) => pairs.find(([key]) => key === name)?.[1] ?? null,
    getAll: (name) => pairs.filter(([key]) => key === name).map(([, value]) => value),
  };
}

describe('the collection’s filters in its URL', () => {
  it('reads known values only, and writes them in one order', () => {
    const filters = parseCollectionFilters(
      read('sort=asc&subCategory=Tops&category=Kids&category=Foo&category=Men&q=%20denim%20&x=1'),
    );
    expect(filters).toEqual({ category: ['Men', 'Kids'], subCategory: ['Tops'], sort: 'asc', q: 'denim' });
    expect(collectionFilterPairs(filters)).toEqual([
      ['q', 'denim'],
      ['category', 'Men'],
      ['category', 'Kids'],
      ['subCategory', 'Tops'],
      ['sort', 'asc'],
    ]);
    expect(parseCollectionFilters(read('sort=sideways&q='))).toEqual({ category: [], subCategory: [] });
  });
});

describe('renderedPageQuery', () => {
  it('keeps what each drawn page reads, and nothing made up', () => {
    expect(renderedPageQuery('/products', read('x=1&category=Women&utm_source=mail'))).toEqual([
      ['category', 'Women'],
    ]);
    expect(renderedPageQuery('/view', read('ref=ad&pid=abc'))).toEqual([['pid', 'abc']]);
    expect(renderedPageQuery('/', read('x=1'))).toEqual([]);
    expect(renderedPageQuery('/cart', read('code=SALE'))).toEqual([]);
  });
});
