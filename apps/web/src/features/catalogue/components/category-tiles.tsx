import type { Category, SubCategory } from '@habi/shared';
import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { productsQueryOptions, useProducts } from '../api/get-products.ts';
import { productsUrl } from '../utils/filters.ts';

// Each tile shows the newest product of the category and `cover` subcategory: a garment
// says "Women" better than a watch does.
const TILES: { category: Category; cover: SubCategory; blurb: string }[] = [
  { category: 'Women', cover: 'Full Outfit', blurb: 'Dresses, linen and easy flats' },
  { category: 'Men', cover: 'Tops', blurb: 'Polos, chinos and sneakers' },
  { category: 'Kids', cover: 'Tops', blurb: 'Play-ready and school-ready' },
];

const coverQuery = ({ category, cover }: (typeof TILES)[number]) => ({
  category: [category],
  subCategory: [cover],
  limit: 1,
});

/** The tiles' cover products, for server rendering. */
export const categoryTileQueries = () => TILES.map((tile) => productsQueryOptions(coverQuery(tile)));

function CategoryTile(tile: (typeof TILES)[number]) {
  const { category, blurb } = tile;
  const { data } = useProducts(coverQuery(tile));
  const cover = data?.[0];
  return (
    <Link
      to={productsUrl({ category: [category] })}
      className="group relative flex items-center gap-4 overflow-hidden rounded-2xl bg-sand p-2 pr-4 sm:block sm:p-0"
    >
      <div aria-hidden="true" className="w-24 shrink-0 overflow-hidden rounded-xl sm:w-auto sm:rounded-none">
        {cover ? (
          <ProductImage
            src={cover.imageUrl}
            alt=""
            sizes="(min-width: 640px) 33vw, 96px"
            className="[&_img]:transition-transform [&_img]:duration-700 motion-safe:group-hover:[&_img]:scale-[1.04]"
          />
        ) : (
          <div className="aspect-square bg-sand" />
        )}
      </div>
      <div className="flex flex-1 items-center justify-between gap-3 sm:absolute sm:inset-x-3 sm:bottom-3 sm:rounded-xl sm:bg-paper/95 sm:px-4 sm:py-3 sm:shadow-sm sm:backdrop-blur">
        <div>
          <h3 className="text-xl font-semibold">{category}</h3>
          <p className="text-sm text-muted">{blurb}</p>
        </div>
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-ink text-paper transition-transform group-hover:-translate-y-0.5">
          <ArrowUpRight aria-hidden="true" className="size-4" />
        </span>
      </div>
    </Link>
  );
}

/** Shortcuts into the listing, one per category, each opening it already filtered. */
export function CategoryTiles() {
  return (
    <section aria-labelledby="shop-by-category" className="flex flex-col gap-8">
      <div className="flex max-w-xl flex-col gap-2">
        <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">Shop by category</p>
        <h2 id="shop-by-category" className="text-3xl font-semibold sm:text-4xl">
          Something for everyone
        </h2>
      </div>
      <ul className="grid gap-4 sm:grid-cols-3 sm:gap-6">
        {TILES.map((tile) => (
          <li key={tile.category}>
            <CategoryTile {...tile} />
          </li>
        ))}
      </ul>
    </section>
  );
}
