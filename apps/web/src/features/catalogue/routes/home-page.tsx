import { HOME_COLLECTION_SIZE, PAGE_HEADS } from '@habi/shared';
import type { QueryClient } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { InTurn } from '../../../lib/hydrate-in-turn.tsx';
import { paths } from '../../../lib/paths.ts';
import { paymentOptionsQueryOptions } from '../../../lib/payment-options.ts';
import { bestProductsQueryOptions, useBestProducts } from '../api/get-best-products.ts';
import { productsQueryOptions, useProducts } from '../api/get-products.ts';
import { CategoryTiles, categoryTileQueries } from '../components/category-tiles.tsx';
import { ProductRow } from '../components/product-row.tsx';
import { PromoHero } from '../components/promo-hero.tsx';
import { StorePromises } from '../components/store-promises.tsx';

function ShopAllLink({ label }: { label: string }) {
  return (
    <Link
      to={paths.products}
      aria-label={label}
      className="group inline-flex items-center gap-2 rounded-full text-sm font-semibold text-ink underline-offset-4 hover:underline"
    >
      Shop all
      <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
    </Link>
  );
}

/** Server rendering: Latest and Best Collections, the category tiles' covers, the ways to pay. */
export function prefetch(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(paymentOptionsQueryOptions),
    queryClient.prefetchQuery(productsQueryOptions({ limit: HOME_COLLECTION_SIZE })),
    queryClient.prefetchQuery(bestProductsQueryOptions()),
    ...categoryTileQueries().map((options) => queryClient.prefetchQuery(options)),
  ]);
}

/** Home: the promotional video, Latest Collections, Best Collections. */
export default function HomePage() {
  useDocumentTitle(PAGE_HEADS['/'].title);
  // The bare listing is newest first, so its first five are the latest.
  const latest = useProducts({ limit: HOME_COLLECTION_SIZE });
  const best = useBestProducts();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-20 px-4 pt-4 sm:gap-24 sm:px-6 sm:pt-6 lg:px-8">
      <InTurn>
        <PromoHero />
      </InTurn>
      <InTurn>
        <ProductRow
          id="latest-collections"
          eyebrow="Just in"
          title="Latest Collections"
          description="The newest arrivals, fresh from the studio."
          query={latest}
          action={<ShopAllLink label="Shop all new arrivals" />}
        />
      </InTurn>
      <InTurn>
        <CategoryTiles />
      </InTurn>
      <InTurn>
        <ProductRow
          id="best-collections"
          eyebrow="Customer favourites"
          title="Best Collections"
          description="Our best sellers: the pieces customers come back for."
          query={best}
          action={<ShopAllLink label="Shop all best sellers" />}
        />
      </InTurn>
      <InTurn>
        <StorePromises />
      </InTurn>
    </div>
  );
}
