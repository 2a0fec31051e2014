import type { EmailSort, EmailStatus, EmailSummary } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getListPage, type ListParams } from './list.ts';

export type EmailParams = ListParams<EmailSort> & { status?: EmailStatus };

/** While a mail on the page waits to be sent, the page looks again this often. */
const PENDING_REFRESH_MS = 5_000;

/** `GET /admin/emails`: the outbox, paged, sorted, searched and filtered by status on the server. */
export function getEmails({ status, ...params }: EmailParams, signal?: AbortSignal) {
  return getListPage<EmailSummary, EmailSort>('/admin/emails', params, signal, { status });
}

export const emailsQueryOptions = (params: EmailParams) =>
  queryOptions({
    queryKey: queryKeys.emails.list(params),
    queryFn: ({ signal }) => getEmails(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some((email) => email.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useEmails(params: EmailParams) {
  return useQuery(emailsQueryOptions(params));
}
