import { ProductImage } from '../../../components/ui/product-image.tsx';
import { cn } from '../../../lib/cn.ts';
import { useBestProducts } from '../api/get-best-products.ts';

// One large square and two small ones beside it: the frame's shape is fixed before any image arrives.
const CELLS = ['col-span-2 row-span-2', 'col-start-3', 'col-start-3'];

/** A composition of the store's best sellers, standing for the collection. */
export function AboutCollage({ className }: { className?: string }) {
  const { data } = useBestProducts();
  return (
    <div
      role="img"
      aria-label="A selection of Habi pieces: polo shirts, joggers, sneakers and more"
      className={cn('grid grid-cols-3 grid-rows-2 gap-3 sm:gap-4', className)}
    >
      {CELLS.map((cell, index) => {
        const product = data?.[index];
        return (
          <div key={cell + String(index)} className={cn('overflow-hidden rounded-2xl bg-sand', cell)}>
            {product ? (
              <ProductImage
                src={product.imageUrl}
                alt=""
                priority={index === 0}
                sizes={index === 0 ? '(min-width: 1024px) 400px, 66vw' : '(min-width: 1024px) 200px, 33vw'}
                className="size-full"
              />
            ) : (
              <div className="aspect-square size-full" />
            )}
          </div>
        );
      })}
    </div>
  );
}
