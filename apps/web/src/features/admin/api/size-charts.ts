import type { Category, SizeChart, SizeChartKind, SizeChartRow } from '@habi/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /size-charts`: every category's chart of every kind, edited or the store's default. */
function getSizeCharts(signal?: AbortSignal) {
  return request<SizeChart[]>('/size-charts', { signal });
}

export const sizeChartsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products.sizeCharts(), queryFn: ({ signal }) => getSizeCharts(signal) });

export function useSizeCharts() {
  return useQuery(sizeChartsQueryOptions());
}

/** `PUT /size-charts/{category}/{kind}`: a refusal names its cells `rows.<row>.values.<column>`. */
export function saveSizeChart(category: Category, kind: SizeChartKind, rows: SizeChartRow[]) {
  return request<{ message: string; chart: SizeChart }>(
    `/size-charts/${encodeURIComponent(category)}/${encodeURIComponent(kind)}`,
    { method: 'PUT', json: { rows } },
  );
}

export function useSaveSizeChart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      category,
      kind,
      rows,
    }: {
      category: Category;
      kind: SizeChartKind;
      rows: SizeChartRow[];
    }) => saveSizeChart(category, kind, rows),
    // Every product of the category shows the new chart: their kept charts go too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
  });
}
