import type { User } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getListPage, type ListParams } from './list.ts';

export type UserSort = 'name' | 'email';
export type UserParams = ListParams<UserSort>;

/** `GET /users/all`: the users table, paged, sorted and searched by name on the server. */
export function getUsers(params: UserParams, signal?: AbortSignal) {
  return getListPage<User, UserSort>('/users/all', params, signal);
}

export const usersQueryOptions = (params: UserParams) =>
  queryOptions({
    queryKey: queryKeys.users.list(params),
    queryFn: ({ signal }) => getUsers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserParams) {
  return useQuery(usersQueryOptions(params));
}
