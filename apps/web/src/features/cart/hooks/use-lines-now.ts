import type { Product } from '@habi/shared';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { CartLine } from '../../../lib/cart-store.ts';
import { productQueryOptions } from '../../../lib/products.ts';
import { linePhotos, linesGone, linesLeft } from '../utils/line-stock.ts';

/** The products read, by id; module-level, so the query results are combined again only when they change. */
const byId = (results: { data?: Product }[]) =>
  new Map(
    results.flatMap((result): [string, Product][] => (result.data ? [[result.data._id, result.data]] : [])),
  );

/**
 * Each line of the cart as its product is now: its products are read again whenever the cart
 * opens (whatever is cached), so a line asking for more than is left says so before checkout does.
 * `refused`: what checkout last answered, by line. `gone`: the lines whose variation is no longer
 * sold. `photos`: each line's photo as the product shows it now.
 */
export function useLinesNow(lines: readonly CartLine[], refused: Readonly<Record<string, number>>) {
  const ids = useMemo(() => [...new Set(lines.map((line) => line.productId))], [lines]);
  const products = useQueries({
    queries: ids.map((id) => ({ ...productQueryOptions(id), refetchOnMount: 'always' as const })),
    combine: byId,
  });
  const left = useMemo(() => linesLeft(lines, products, refused), [lines, products, refused]);
  const gone = useMemo(() => linesGone(lines, products), [lines, products]);
  const photos = useMemo(() => linePhotos(lines, products), [lines, products]);
  return { left, gone, photos };
}
