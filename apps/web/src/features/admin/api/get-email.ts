import type { EmailDetail } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /admin/emails/{id}`: one mail with its HTML and text parts, for the preview. */
export function getEmail(id: string, signal?: AbortSignal) {
  return request<EmailDetail>(`/admin/emails/${encodeURIComponent(id)}`, { signal });
}

export const emailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.emails.detail(id),
    queryFn: ({ signal }) => getEmail(id, signal),
  });

export function useEmail(id: string) {
  return useQuery({ ...emailQueryOptions(id), enabled: id !== '' });
}
