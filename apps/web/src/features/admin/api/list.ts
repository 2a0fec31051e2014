import { TOTAL_COUNT_HEADER } from '@habi/shared';
import { requestWithHeaders } from '../../../lib/api-client.ts';

/** One page of a back-office table and how many rows match in all (the `x-total-count` header). */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** The server-side paging, sorting and search every admin list takes (`listQuerySchema`). */
export interface ListParams<Sort extends string> {
  q?: string;
  sort?: Sort;
  order?: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** `filters`: a table's own query parameters beside these (the products table's `stock`). */
export async function getListPage<T, Sort extends string>(
  path: string,
  params: ListParams<Sort>,
  signal?: AbortSignal,
  filters: Record<string, string | undefined> = {},
): Promise<ListPage<T>> {
  const { data, headers } = await requestWithHeaders<T[]>(path, {
    query: {
      q: params.q,
      sort: params.sort,
      order: params.order,
      limit: params.limit,
      offset: params.offset,
      ...filters,
    },
    signal,
  });
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return { rows: data, total: Number.isFinite(total) ? total : data.length };
}
