import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { productsUrl } from '../utils/filters.ts';
import { useProductFilters } from './use-product-filters.ts';

afterEach(() => {
  cleanup();
});

/** The hook on the listing opened at `url`, with the URL it leads to. */
function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const hook = renderHook(
    () => {
      const location = useLocation();
      return { ...useProductFilters(), url: `${location.pathname}${location.search}` };
    },
    { wrapper },
  );
  return () => hook.result.current;
}

describe('useProductFilters reads the listing state from the URL', () => {
  it('takes every category and subcategory checked, and the sort', () => {
    const current = renderAt('/products?category=Men&category=Kids&subCategory=Tops&sort=asc');
    expect(current().filters).toEqual({ category: ['Men', 'Kids'], subCategory: ['Tops'], sort: 'asc' });
  });

  it('takes the search, trimmed, beside the filters', () => {
    const current = renderAt('/products?q=+dennim+jaket+&category=Men&sort=desc');
    expect(current().filters).toEqual({
      category: ['Men'],
      subCategory: [],
      sort: 'desc',
      q: 'dennim jaket',
    });
  });

  it('ignores a blank search and one longer than the API takes', () => {
    expect(renderAt('/products?q=++')().filters).toEqual({ category: [], subCategory: [] });
    expect(renderAt(`/products?q=${'a'.repeat(101)}`)().filters).toEqual({ category: [], subCategory: [] });
  });

  it('has nothing checked and no sort on the bare listing', () => {
    expect(renderAt('/products')().filters).toEqual({ category: [], subCategory: [] });
  });

  it('ignores values it does not know, and lists the known ones in the store order', () => {
    const current = renderAt(
      '/products?category=Aliens&category=Kids&category=Men&subCategory=Hats&subCategory=Shoes&sort=cheapest',
    );
    expect(current().filters).toEqual({ category: ['Men', 'Kids'], subCategory: ['Shoes'] });
  });
});

describe('useProductFilters writes the listing state to the URL', () => {
  it('writes a choice in the store order, so the same choice makes the same URL', () => {
    const current = renderAt('/products');
    act(() => current().update({ category: ['Kids', 'Men'] }));
    expect(current().url).toBe('/products?category=Men&category=Kids');
    expect(current().filters.category).toEqual(['Men', 'Kids']);
  });

  it('keeps both of two changes made one straight after the other', () => {
    const current = renderAt('/products');
    act(() => {
      current().update({ category: ['Women'] });
      current().update({ subCategory: ['Shoes'] });
      current().update({ sort: 'desc' });
    });
    expect(current().url).toBe('/products?category=Women&subCategory=Shoes&sort=desc');
    expect(current().filters).toEqual({ category: ['Women'], subCategory: ['Shoes'], sort: 'desc' });
  });

  it('clears the sort back to Relevant when it is unset', () => {
    const current = renderAt('/products?category=Men&sort=asc');
    act(() => current().update({ sort: undefined }));
    expect(current().url).toBe('/products?category=Men');
    expect(current().filters).toEqual({ category: ['Men'], subCategory: [] });
  });

  it('keeps the search when a filter or the sort changes', () => {
    const current = renderAt('/products?q=linen');
    act(() => current().update({ category: ['Women'] }));
    act(() => current().update({ sort: 'asc' }));
    expect(current().url).toBe('/products?q=linen&category=Women&sort=asc');
    act(() => current().clearFilters());
    expect(current().url).toBe('/products?q=linen&sort=asc');
  });

  it('clears the checkboxes and keeps the sort', () => {
    const current = renderAt('/products?category=Men&category=Women&subCategory=Tops&sort=desc');
    act(() => current().clearFilters());
    expect(current().url).toBe('/products?sort=desc');
    expect(current().filters).toEqual({ category: [], subCategory: [], sort: 'desc' });
  });
});

describe('productsUrl', () => {
  it.each([
    [{}, '/products'],
    [{ category: ['Women' as const] }, '/products?category=Women'],
    [
      { subCategory: ['Accessories' as const], sort: 'asc' as const },
      '/products?subCategory=Accessories&sort=asc',
    ],
    [{ category: ['Kids' as const, 'Men' as const] }, '/products?category=Men&category=Kids'],
    [{ q: 'polo shrt', category: ['Men' as const] }, '/products?q=polo+shrt&category=Men'],
  ])('links %j to %s', (filters, url) => {
    expect(productsUrl(filters)).toBe(url);
  });
});
