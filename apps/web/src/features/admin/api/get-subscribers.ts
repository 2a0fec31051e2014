import {
  SUBSCRIBERS_CSV_FILENAME,
  type Subscriber,
  type SubscriberSort,
  type SubscriberStatus,
} from '@habi/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { requestFile } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { getListPage, type ListParams } from './list.ts';

export type SubscriberParams = ListParams<SubscriberSort> & { status?: SubscriberStatus };

/** `GET /admin/subscribers`: the newsletter's addresses, paged, sorted, searched and filtered by status. */
export function getSubscribers({ status, ...params }: SubscriberParams, signal?: AbortSignal) {
  return getListPage<Subscriber, SubscriberSort>('/admin/subscribers', params, signal, { status });
}

export const subscribersQueryOptions = (params: SubscriberParams) =>
  queryOptions({
    queryKey: queryKeys.subscribers.list(params),
    queryFn: ({ signal }) => getSubscribers(params, signal),
    placeholderData: keepPreviousData,
  });

export function useSubscribers(params: SubscriberParams) {
  return useQuery(subscribersQueryOptions(params));
}

/** `GET /admin/subscribers/export`: every subscriber the table's search and filter match, as CSV. */
export function useExportSubscribers() {
  return useMutation({
    mutationFn: async ({ q, status, sort, order }: Omit<SubscriberParams, 'limit' | 'offset'>) =>
      saveFile(
        SUBSCRIBERS_CSV_FILENAME,
        await requestFile('/admin/subscribers/export', { query: { q, status, sort, order } }),
      ),
  });
}
