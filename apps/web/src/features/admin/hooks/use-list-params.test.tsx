import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params.ts';

afterEach(() => {
  cleanup();
});

const SORTABLE = ['name', 'createdAt', 'price'] as const;

/** The hook on a page opened at `url`, with the URL it leads to. */
function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const hook = renderHook(
    () => {
      const location = useLocation();
      return { list: useListParams(SORTABLE), url: `${location.pathname}${location.search}` };
    },
    { wrapper },
  );
  return { current: () => hook.result.current };
}

describe('useListParams reads the table state from the URL', () => {
  it('asks the server for the search, the sort and the tenth-row page the URL names', () => {
    const { current } = renderAt('/admin?q=tee&sort=price&order=desc&page=3');
    const { list } = current();
    expect(list.params).toEqual({ q: 'tee', sort: 'price', order: 'desc', limit: 10, offset: 20 });
    expect([list.q, list.page]).toEqual(['tee', 3]);
    expect(list.sorting).toEqual([{ id: 'price', desc: true }]);
  });

  it('asks for the first ten rows, unsorted, with no parameters', () => {
    const { list } = renderAt('/admin').current();
    expect(list.params).toEqual({ q: undefined, sort: undefined, order: undefined, limit: 10, offset: 0 });
    expect([list.q, list.page]).toEqual(['', 1]);
    expect(list.sorting).toEqual([]);
  });

  it('sorts ascending unless the order is desc', () => {
    const { list } = renderAt('/admin?sort=name&order=sideways').current();
    expect(list.params).toMatchObject({ sort: 'name', order: 'asc' });
    expect(list.sorting).toEqual([{ id: 'name', desc: false }]);
  });

  it('ignores a column it cannot sort by, and its order with it', () => {
    const { list } = renderAt('/admin?sort=password&order=desc').current();
    expect(list.params).toMatchObject({ sort: undefined, order: undefined });
    expect(list.sorting).toEqual([]);
  });

  it.each(['0', '-2', 'two', ''])('reads page=%j as the first page', (page) => {
    const { list } = renderAt(`/admin?page=${page}`).current();
    expect(list.page).toBe(1);
    expect(list.params.offset).toBe(0);
  });
});

describe('useListParams writes the table state to the URL', () => {
  it('starts a new search at the first page, trimmed, keeping the sort', () => {
    const { current } = renderAt('/admin/orders?sort=price&order=desc&page=4');
    act(() => current().list.setQ('  maria  '));
    expect(current().url).toBe('/admin/orders?sort=price&order=desc&q=maria');
    expect(current().list.params).toEqual({ q: 'maria', sort: 'price', order: 'desc', limit: 10, offset: 0 });
  });

  it('drops an emptied search from the URL', () => {
    const { current } = renderAt('/admin/users?q=maria');
    act(() => current().list.setQ('   '));
    expect(current().url).toBe('/admin/users');
  });

  it('keeps the page in the URL from the second page on', () => {
    const { current } = renderAt('/admin?q=tee');
    act(() => current().list.setPage(2));
    expect(current().url).toBe('/admin?q=tee&page=2');
    expect(current().list.params.offset).toBe(10);
    act(() => current().list.setPage(1));
    expect(current().url).toBe('/admin?q=tee');
  });

  it('starts a new sort at the first page, and clears it with its order', () => {
    const { current } = renderAt('/admin?q=tee&page=2');
    act(() => current().list.setSorting([{ id: 'name', desc: false }]));
    expect(current().url).toBe('/admin?q=tee&sort=name&order=asc');
    act(() => current().list.setSorting([{ id: 'name', desc: true }]));
    expect(current().url).toBe('/admin?q=tee&sort=name&order=desc');
    expect(current().list.sorting).toEqual([{ id: 'name', desc: true }]);
    act(() => current().list.setSorting([]));
    expect(current().url).toBe('/admin?q=tee');
  });

  it('keeps a filter in its own parameter, starting again at the first page', () => {
    const STOCK = ['low', 'soldOut'] as const;
    const { current } = renderAt('/admin?q=tee&page=3');
    expect(current().list.filter('stock', STOCK)).toBeUndefined();
    act(() => current().list.setFilter('stock', 'low'));
    expect(current().url).toBe('/admin?q=tee&stock=low');
    expect(current().list.filter('stock', STOCK)).toBe('low');
    act(() => current().list.setFilter('stock', undefined));
    expect(current().url).toBe('/admin?q=tee');
  });

  it('ignores a filter value it does not know', () => {
    const { current } = renderAt('/admin?stock=plenty');
    expect(current().list.filter('stock', ['low', 'soldOut'])).toBeUndefined();
  });
});
