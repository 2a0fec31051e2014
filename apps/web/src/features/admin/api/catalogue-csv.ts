import type { CatalogueCsvReport } from '@habi/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { ChosenCsv } from '../hooks/use-csv-upload.ts';

/** `GET /admin/catalogue/csv`: a plain link, so the browser downloads the stream itself. */
export const CATALOGUE_CSV_URL = `${API_BASE}/admin/catalogue/csv`;

/** The form a catalogue ZIP goes in: the file, and the dry run's token to apply it. */
function zipForm(zip: File, token?: string) {
  const form = new FormData();
  if (token !== undefined) form.append('token', token);
  form.append('file', zip);
  return form;
}

/**
 * The dry run, every change and every row's errors: `POST /admin/catalogue/csv/check` for a CSV,
 * `POST /admin/catalogue/zip/check` for a ZIP of one with the new products' images.
 */
export function checkCatalogueFile(file: ChosenCsv) {
  return file.zip
    ? request<CatalogueCsvReport>('/admin/catalogue/zip/check', { method: 'POST', form: zipForm(file.zip) })
    : request<CatalogueCsvReport>('/admin/catalogue/csv/check', { method: 'POST', json: { csv: file.csv } });
}

/** The same file with its dry run's token, all or nothing (`POST /admin/catalogue/csv` or `/zip`). */
export function applyCatalogueFile({ file, token }: { file: ChosenCsv; token: string }) {
  return file.zip
    ? request<CatalogueCsvReport>('/admin/catalogue/zip', { method: 'POST', form: zipForm(file.zip, token) })
    : request<CatalogueCsvReport>('/admin/catalogue/csv', { method: 'POST', json: { csv: file.csv, token } });
}

export function useCheckCatalogueFile() {
  return useMutation({ mutationFn: checkCatalogueFile });
}

/** On success the products (their fields and stock) are read again. */
export function useApplyCatalogueFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCatalogueFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
