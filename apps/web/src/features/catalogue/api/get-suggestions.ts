import type { Suggestions } from '@habi/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** `GET /product/suggest`: the products and categories that best match what was typed so far. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return request<Suggestions>('/product/suggest', { query: { q }, signal });
}

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.products.suggestions(q),
    // The signal lets the query abort a request whose words the shopper has typed past.
    queryFn: ({ signal }) => getSuggestions(q, signal),
  });

/**
 * Suggestions for `q` (trimmed; blank asks nothing). While the next words load, the previous
 * suggestions stay, so the popup does not flicker empty at each key.
 */
export function useSuggestions(q: string) {
  return useQuery({ ...suggestionsQueryOptions(q), enabled: q !== '', placeholderData: keepPreviousData });
}
