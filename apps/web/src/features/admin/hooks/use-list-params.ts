import { ADMIN_PAGE_SIZE } from '@habi/shared';
import type { SortingState } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListParams } from '../api/list.ts';

/**
 * A table's search, sort, filters and page, kept in the URL (`?q=&sort=&order=&page=` and a
 * filter's own parameter), so a reload, a shared link or coming back from a detail page shows
 * the same rows. All of it is applied on the server.
 */
export function useListParams<Sort extends string>(sortable: readonly Sort[]) {
  const [search, setSearch] = useSearchParams();
  const q = search.get('q') ?? '';
  const rawSort = search.get('sort');
  const sort = sortable.find((s) => s === rawSort);
  const order = search.get('order') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);

  const update = useCallback(
    (changes: Record<string, string | undefined>) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  const sorting: SortingState = useMemo(
    () => (sort ? [{ id: sort, desc: order === 'desc' }] : []),
    [sort, order],
  );

  const params: ListParams<Sort> = {
    q: q || undefined,
    sort,
    order: sort ? order : undefined,
    limit: ADMIN_PAGE_SIZE,
    offset: (page - 1) * ADMIN_PAGE_SIZE,
  };

  return {
    params,
    q,
    page,
    sorting,
    /** A new search starts again at the first page. */
    setQ: (value: string) => update({ q: value.trim() || undefined, page: undefined }),
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }),
    /** A filter's value in the URL, if it is one of `values`. */
    filter: <V extends string>(key: string, values: readonly V[]) =>
      values.find((v) => v === search.get(key)),
    /** A new filter starts again at the first page. */
    setFilter: (key: string, value: string | undefined) => update({ [key]: value, page: undefined }),
    setSorting: (next: SortingState) => {
      const [first] = next;
      update({
        sort: first?.id,
        order: first ? (first.desc ? 'desc' : 'asc') : undefined,
        page: undefined,
      });
    },
  };
}
