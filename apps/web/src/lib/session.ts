import type { Admin, User } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, request } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The signed-in shopper, or null for a visitor (checked on start). */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.session.customer(),
  queryFn: ({ signal }) => request<User | null>('/users/current', { signal }),
  staleTime: 60_000,
});

/** Auth state: the user, whether authenticated, and loading until the first check ends. */
export function useAuth() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return { user, isAuthenticated: user !== null, isLoading: query.isPending };
}

/** The signed-in admin, or null: a failed check means unauthenticated. */
export const currentAdminQuery = queryOptions({
  queryKey: queryKeys.session.admin(),
  queryFn: async ({ signal }) => {
    try {
      return await request<Admin>('/admin', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useAdminAuth() {
  const query = useQuery(currentAdminQuery);
  const admin = query.data ?? null;
  return { admin, isAuthenticated: admin !== null, isLoading: query.isPending };
}
