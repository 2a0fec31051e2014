import type { CatalogueCsvApplyInput, CatalogueCsvReport } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /admin/catalogue/csv`: a plain link, so the browser downloads the stream itself. */
export const CATALOGUE_CSV_URL = `${API_BASE}/admin/catalogue/csv`;

/** `POST /admin/catalogue/csv/check`: the dry run, every change and every row's errors. */
export function checkCatalogueCsv(csv: string) {
  return request<CatalogueCsvReport>('/admin/catalogue/csv/check', { method: 'POST', json: { csv } });
}

/** `POST /admin/catalogue/csv`: the same file with its dry run's token, all or nothing. */
export function applyCatalogueCsv(body: CatalogueCsvApplyInput) {
  return request<CatalogueCsvReport>('/admin/catalogue/csv', { method: 'POST', json: body });
}

export function useCheckCatalogueCsv() {
  return useMutation({ mutationFn: checkCatalogueCsv });
}

/** On success the products (their fields and stock) are read again. */
export function useApplyCatalogueCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCatalogueCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
