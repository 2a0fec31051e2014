import { deliveryDateLabel, formatPHP, type OrderedProduct, type Shipment } from '@habi/shared';
import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { cn } from '../../../lib/cn.ts';
import { ItemStatusPill } from './order-status.tsx';
import { ShipmentTracking } from './shipment-tracking.tsx';

/**
 * One ordered line: collapsed it shows the picture, name, price and
 * stage, and once shipped its courier and tracking; 'Show more...' adds size, ETA and shipping fee.
 */
export function OrderedProductCard({
  product,
  shipment,
  children,
}: {
  product: OrderedProduct;
  shipment?: Shipment;
  /** What the shopper can do with it (cancel it, return or exchange it), under its tracking. */
  children?: ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const fee = product.deliveryOption.fee;
  return (
    <article className="flex flex-col">
      <ProductImage
        src={product.imageUrl}
        alt={product.name}
        sizes="320px"
        className="aspect-[4/3] rounded-xl"
      />
      <div className="mt-4 flex items-start justify-between gap-3">
        <p className="line-clamp-2 min-h-12 font-semibold leading-6 text-ink">{product.name}</p>
        <ItemStatusPill status={product.productStatus} />
      </div>
      <p className="mt-1 text-sm text-muted">
        <span className="font-semibold text-ink tabular-nums">{formatPHP(product.price)}</span>
        <span aria-hidden="true"> × </span>
        <span className="sr-only">, quantity </span>
        <span className="tabular-nums">{product.quantity}</span>
      </p>
      {shipment && <ShipmentTracking shipment={shipment} />}
      {children}
      <dl
        id={detailsId}
        hidden={!expanded}
        className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-xl bg-paper p-4 text-sm"
      >
        {product.size && (
          <>
            <dt className="text-muted">Size</dt>
            <dd className="text-right font-semibold">{product.size}</dd>
          </>
        )}
        <dt className="text-muted">ETA</dt>
        <dd className="text-right font-semibold">{deliveryDateLabel(product.deliveryOption.date)}</dd>
        <dt className="text-muted">Shipping Fee</dt>
        <dd className={cn('text-right font-semibold', fee === 0 && 'text-success')}>
          {fee === 0 ? 'FREE' : formatPHP(fee)}
        </dd>
      </dl>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((value) => !value)}
        className="mt-3 inline-flex items-center gap-1 self-start rounded-full py-1 text-sm font-semibold text-accent-dark underline-offset-4 hover:underline"
      >
        {expanded ? 'Show less' : 'Show more...'}
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', expanded && 'rotate-180')}
        />
      </button>
    </article>
  );
}
