import type { ProductSizeChart } from '@habi/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * `GET /size-charts/product/{id}`: the chart a product uses, its own or its category's. The
 * storefront's Size Guide and the back office's Edit Product read it alike.
 */
function getProductSizeChart(id: string, signal?: AbortSignal) {
  return request<ProductSizeChart>(`/size-charts/product/${encodeURIComponent(id)}`, { signal });
}

export const productSizeChartQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.products.sizeChart(id),
    queryFn: ({ signal }) => getProductSizeChart(id, signal),
  });

export function useProductSizeChart(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...productSizeChartQueryOptions(id), enabled });
}
