import { formatPHP, type ProductSummary } from '@habi/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { cn } from '../../../lib/cn.ts';
import { paths } from '../../../lib/paths.ts';
import { paymentOptionsQueryOptions } from '../../../lib/payment-options.ts';
import { productQueryOptions } from '../../../lib/products.ts';
import { SoldOutBadge } from './sold-out-badge.tsx';

interface ProductCardProps {
  product: ProductSummary;
  /** The rendered image width, for the browser to pick the 400 or 800 px file. */
  sizes?: string;
  priority?: boolean;
  className?: string;
}

/**
 * A product tile: square image on sand, one-line name and price, linking to the product; a product
 * sold out whole wears a badge on its (dimmed) image, which takes no room of its own.
 * Pointing at it (or focusing it) prefetches the product, and the ways to pay its page names, so
 * the page opens at once and whole.
 */
export function ProductCard({ product, sizes, priority, className }: ProductCardProps) {
  const queryClient = useQueryClient();
  const prefetch = () => {
    void queryClient.prefetchQuery(productQueryOptions(product._id));
    void queryClient.prefetchQuery(paymentOptionsQueryOptions);
  };
  return (
    <Link
      to={paths.product(product._id)}
      onMouseEnter={prefetch}
      onFocus={prefetch}
      className={cn('group relative block w-full max-w-[300px] rounded-2xl', className)}
    >
      {/* The name below labels the link; the photo adds nothing for a screen reader. */}
      <div aria-hidden="true">
        <ProductImage
          src={product.imageUrl}
          alt=""
          sizes={sizes}
          priority={priority}
          className={cn(
            'rounded-2xl [&_img]:transition-transform [&_img]:duration-500 [&_img]:ease-out motion-safe:group-hover:[&_img]:scale-[1.04]',
            product.soldOut && '[&_img]:opacity-60',
          )}
        />
      </div>
      <div className="mt-3 flex flex-col gap-0.5 px-0.5">
        <h3 className="truncate font-sans text-sm font-medium tracking-normal text-ink decoration-ink/40 underline-offset-4 group-hover:underline">
          {product.name}
        </h3>
        <p className="text-sm text-muted tabular-nums">{formatPHP(product.price)}</p>
      </div>
      {/* After the name and price in reading order, drawn on the image's corner. */}
      {product.soldOut && <SoldOutBadge className="absolute top-2.5 left-2.5" />}
    </Link>
  );
}

/** The card's shape while it loads: same size, so nothing moves when products arrive. */
export function ProductCardSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('w-full max-w-[300px]', className)}>
      <div className="aspect-square rounded-2xl bg-sand motion-safe:animate-pulse" />
      <div className="mt-3 flex flex-col gap-0.5 px-0.5">
        <div className="flex h-5 items-center">
          <div className="h-3 w-4/5 rounded-full bg-sand motion-safe:animate-pulse" />
        </div>
        <div className="flex h-5 items-center">
          <div className="h-3 w-1/3 rounded-full bg-sand motion-safe:animate-pulse" />
        </div>
      </div>
    </div>
  );
}
