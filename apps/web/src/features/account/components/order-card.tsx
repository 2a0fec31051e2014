import { formatPHP, type Order, type OrderedProduct, orderReference, parseCentavos } from '@habi/shared';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { ItemActions } from './item-returns.tsx';
import { OrderPaymentDetails } from './order-payment.tsx';
import { OrderStatusDot } from './order-status.tsx';
import { OrderedProductCard } from './ordered-product.tsx';
import { shipmentOf } from './shipment-tracking.tsx';

const placedFormat = new Intl.DateTimeFormat('en-PH', { month: 'short', day: 'numeric', year: 'numeric' });

function OrderHeader({ order, detail }: { order: Order; detail: string }) {
  return (
    <header className="flex items-start justify-between gap-3 border-b border-line px-5 py-4">
      <div className="min-w-0">
        <h3 className="font-sans text-base font-bold tracking-normal">
          <span className="sr-only">Order </span>
          {orderReference(order._id)}
        </h3>
        <p className="mt-0.5 text-xs text-muted">{detail}</p>
      </div>
      <OrderStatusDot status={order.status} className="mt-0.5" />
    </header>
  );
}

/** A 20rem order card with a carousel of its products (arrows only for more than one). */
export function OrderCard({ order }: { order: Order }) {
  const count = order.products.reduce((sum, line) => sum + line.quantity, 0);
  const placed = placedFormat.format(new Date(order.createdAt));
  return (
    <li className="flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm sm:w-80">
      <OrderHeader order={order} detail={`Placed ${placed} · ${count} item${count === 1 ? '' : 's'}`} />
      <ProductCarousel label={`Products in order ${orderReference(order._id)}`} order={order} />
      <OrderBreakdown order={order} />
      <OrderPaymentDetails order={order} />
    </li>
  );
}

interface FigureProps {
  label: string;
  value: string;
  className?: string;
  testId?: string;
}

function Figure({ label, value, className, testId }: FigureProps) {
  return (
    <div className="flex items-center justify-between gap-3" data-testid={testId}>
      <dt className="min-w-0 break-all text-muted">{label}</dt>
      <dd className={cn('font-semibold tabular-nums', className)}>{value}</dd>
    </div>
  );
}

/** What the order cost, line by line, so the figures visibly add up to the total. */
function OrderBreakdown({ order }: { order: Order }) {
  const shipping = parseCentavos(order.shippingFee) ?? 0;
  return (
    <dl className="mt-auto flex flex-col gap-1.5 border-t border-line px-5 py-4 text-sm">
      <Figure label="Subtotal" value={formatPHP(order.subtotal)} />
      {order.discountCode && order.discountAmount && (
        <Figure
          label={`Discount (${order.discountCode})`}
          value={`−${formatPHP(order.discountAmount)}`}
          className="text-success"
          testId="order-discount"
        />
      )}
      <Figure label="Shipping" value={shipping === 0 ? 'FREE' : formatPHP(order.shippingFee)} />
      <Figure label="Tax" value={formatPHP(order.tax)} />
      <div className="mt-1 flex items-center justify-between gap-3 border-t border-line pt-2">
        <dt className="font-semibold">Total</dt>
        <dd className="font-bold tabular-nums">{formatPHP(order.totalFee)}</dd>
      </div>
    </dl>
  );
}

/** A status tab's card: one ordered line, with the order it belongs to. */
export function OrderLineCard({ order, product }: { order: Order; product: OrderedProduct }) {
  const placed = placedFormat.format(new Date(order.createdAt));
  return (
    <li className="flex w-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm sm:w-80">
      <OrderHeader order={order} detail={`Placed ${placed}`} />
      <div className="p-5">
        <OrderedProductCard product={product} shipment={shipmentOf(order, product._id)}>
          <ItemActions order={order} product={product} />
        </OrderedProductCard>
      </div>
    </li>
  );
}

/** Whether the shopper asked for reduced motion: the carousel then jumps instead of sliding. */
const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function ProductCarousel({ label, order }: { label: string; order: Order }) {
  const products = order.products;
  const several = products.length > 1;
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', active: several });
  const [selected, setSelected] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(several);

  const sync = useCallback(() => {
    if (!api) return;
    setSelected(api.selectedScrollSnap());
    setCanPrev(api.canScrollPrev());
    setCanNext(api.canScrollNext());
  }, [api]);

  useEffect(() => {
    if (!api) return;
    sync();
    api.on('select', sync).on('reInit', sync);
    return () => {
      api.off('select', sync).off('reInit', sync);
    };
  }, [api, sync]);

  return (
    <section aria-roledescription="carousel" aria-label={label} className="px-5 pt-5 pb-4">
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex items-start">
          {products.map((product, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern marks slides as groups.
            <div
              key={product._id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${products.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full pr-px"
            >
              <OrderedProductCard product={product} shipment={shipmentOf(order, product._id)}>
                <ItemActions order={order} product={product} />
              </OrderedProductCard>
            </div>
          ))}
        </div>
      </div>
      {several && (
        <div className="mt-4 flex items-center justify-between">
          <button
            type="button"
            aria-label="Previous product"
            disabled={!canPrev}
            onClick={() => api?.scrollPrev(reducedMotion())}
            className="grid size-10 place-items-center rounded-full border border-line bg-white text-ink transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-white"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <p className="text-sm text-muted tabular-nums" aria-live="polite">
            <span className="sr-only">Product </span>
            {selected + 1} / {products.length}
          </p>
          <button
            type="button"
            aria-label="Next product"
            disabled={!canNext}
            onClick={() => api?.scrollNext(reducedMotion())}
            className="grid size-10 place-items-center rounded-full border border-line bg-white text-ink transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-white"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}
    </section>
  );
}
