import { type CollectionFilters, collectionFilterPairs, parseCollectionFilters } from '@habi/shared';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The listing's filters and sort, read from and written to the URL. The router applies a
 * URL change in a transition, a moment later; the choice shows at once meanwhile, so a
 * checkbox never lags behind the click.
 */
export function useProductFilters() {
  const [params, setParams] = useSearchParams();
  const fromUrl = useMemo(() => parseCollectionFilters(params), [params]);
  const [pending, setPending] = useState<{ filters: CollectionFilters; params: URLSearchParams }>();
  // Until the URL moves on from the one the choice was made at.
  const filters = pending && pending.params === params ? pending.filters : fromUrl;
  const latest = useRef(filters);
  latest.current = filters;

  const update = useCallback(
    (change: Partial<CollectionFilters>) => {
      const next = { ...latest.current, ...change };
      latest.current = next;
      setPending({ filters: next, params });
      setParams(new URLSearchParams(collectionFilterPairs(next)), {
        replace: true,
        preventScrollReset: true,
      });
    },
    [params, setParams],
  );

  /** Clears the checkboxes, keeping the chosen sort. */
  const clearFilters = useCallback(() => update({ category: [], subCategory: [] }), [update]);

  return { filters, update, clearFilters };
}
