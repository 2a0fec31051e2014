import type { Dashboard, DashboardQuery } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /admin/dashboard`: the period's sales against the period before, and the work waiting. */
export function getDashboard(query: DashboardQuery, signal?: AbortSignal) {
  return request<Dashboard>('/admin/dashboard', { query: { ...query }, signal });
}

export const dashboardQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: queryKeys.dashboard.period(query),
    queryFn: ({ signal }) => getDashboard(query, signal),
    // Another period keeps the figures on screen (dimmed) until its own arrive.
    placeholderData: keepPreviousData,
  });

export function useDashboard(query: DashboardQuery) {
  return useQuery(dashboardQueryOptions(query));
}
