import type { AuditEntry, AuditFacets, AuditFilters } from '@habi/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request, requestFile } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { getListPage, type ListParams } from './list.ts';

export type AuditParams = Omit<ListParams<never>, 'sort' | 'order'> & Omit<AuditFilters, 'q'>;

/** `GET /admin/audit`: the back office's changes, newest first, paged and filtered on the server. */
export function getAuditLog({ admin, entity, from, to, ...params }: AuditParams, signal?: AbortSignal) {
  return getListPage<AuditEntry, never>('/admin/audit', params, signal, { admin, entity, from, to });
}

export const auditLogQueryOptions = (params: AuditParams) =>
  queryOptions({
    queryKey: queryKeys.audit.list(params),
    queryFn: ({ signal }) => getAuditLog(params, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(params: AuditParams) {
  return useQuery(auditLogQueryOptions(params));
}

/** `GET /admin/audit/facets`: the admins and kinds of record the filters offer. */
export function useAuditFacets() {
  return useQuery({
    queryKey: queryKeys.audit.facets(),
    queryFn: ({ signal }) => request<AuditFacets>('/admin/audit/facets', { signal }),
  });
}

/** `GET /admin/audit/export`: every row the filters match, as CSV. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) =>
      saveFile('habi-audit-log.csv', await requestFile('/admin/audit/export', { query: { ...filters } })),
  });
}
