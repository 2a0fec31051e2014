import {
  DELIVERY_OPTIONS,
  formatPHP,
  PRODUCT_PAGE_IMAGE_SIZES,
  type Product,
  QUANTITY_MIN,
  variationShown,
} from '@habi/shared';
import { Banknote, ShoppingBag, Truck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { addToCart, useCart } from '../../../lib/cart-store.ts';
import { InTurn } from '../../../lib/hydrate-in-turn.tsx';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { choiceStock, inCartMessage, soldOutSizes, soldOutVariations } from '../utils/choice-stock.ts';
import { SizePicker } from './size-picker.tsx';
import { SoldOutBadge } from './sold-out-badge.tsx';
import { VariationPicker } from './variation-picker.tsx';

/** Shown when a product has no description. */
const FILLER_DESCRIPTION =
  'A considered everyday piece from our collection: made from quality materials, easy to care for and designed to be worn again and again. Pair it with your favourites for an effortless look.';

const [freeDelivery] = DELIVERY_OPTIONS;

/**
 * Product detail: the chosen variation's image and name, price, description,
 * variations, sizes, quantity and Add to Cart (the first variation is chosen). For a product that
 * tracks stock, sold-out sizes are disabled, a low size says how many are left, the quantity
 * offers no more than is left less what the cart holds, and a product sold out whole says so
 * instead of offering a button that cannot work.
 */
export function ProductDetails({ product }: { product: Product }) {
  const [selected, setSelected] = useState(0);
  const [size, setSize] = useState<string>();
  const [quantity, setQuantity] = useState(1);
  const cart = useCart();

  const { name, imageUrl } = variationShown(product, selected);
  const hasSizes = product.size.length > 0;
  useDocumentTitle(name);

  const goneVariations = useMemo(() => soldOutVariations(product), [product]);
  const goneSizes = soldOutSizes(product, name);
  const stockOf = (nextName: string, nextSize: string | undefined) =>
    choiceStock(product, nextName, hasSizes ? nextSize : '', cart);
  const stock = stockOf(name, size);
  // The cart can change under the page (another tab): the quantity follows what is on offer.
  const chosenQuantity = Math.max(QUANTITY_MIN, Math.min(quantity, stock.limit));

  /** A new variation or size keeps the quantity within what it offers, and a size it has none of is let go. */
  function choose(nextSelected: number, nextSize: string | undefined) {
    const nextName = product.variations[nextSelected]?.name ?? product.name;
    const keptSize =
      nextSize !== undefined && soldOutSizes(product, nextName).has(nextSize) ? undefined : nextSize;
    setSelected(nextSelected);
    setSize(keptSize);
    setQuantity((current) => Math.max(QUANTITY_MIN, Math.min(current, stockOf(nextName, keptSize).limit)));
  }

  function add() {
    if (hasSizes && !size) {
      toast.error('Please select size');
      return;
    }
    const result = addToCart({
      productId: product._id,
      name,
      imageUrl,
      price: product.price,
      size: hasSizes ? (size ?? '') : '',
      quantity: chosenQuantity,
    });
    toast.success(result === 'added' ? 'Added to the cart.' : 'Product quantity increases');
  }

  const eyebrow = [product.category, product.subCategory].filter(Boolean).join(' · ');

  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
      <InTurn>
        <div className="lg:sticky lg:top-28 lg:self-start">
          <ProductImage
            key={imageUrl}
            src={imageUrl}
            alt={name}
            priority
            sizes={PRODUCT_PAGE_IMAGE_SIZES}
            className="rounded-3xl"
          />
        </div>
      </InTurn>

      <div className="flex flex-col gap-8 lg:py-2">
        <div className="flex flex-col gap-3">
          {eyebrow && <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>}
          <h1 className="text-3xl leading-tight font-semibold text-balance sm:text-4xl">{name}</h1>
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-2xl font-semibold tabular-nums">{formatPHP(product.price)}</p>
            {product.soldOut && <SoldOutBadge />}
          </div>
        </div>

        <p className="leading-relaxed text-ink-soft">{product.description.trim() || FILLER_DESCRIPTION}</p>

        {product.variations.length > 1 && (
          <InTurn>
            <VariationPicker
              variations={product.variations}
              soldOut={goneVariations}
              selected={selected}
              onSelect={(index) => choose(index, size)}
            />
          </InTurn>
        )}

        {hasSizes && (
          <InTurn>
            <SizePicker
              sizes={product.size}
              soldOut={goneSizes}
              value={size}
              onChange={(next) => choose(selected, next)}
            />
          </InTurn>
        )}

        {product.soldOut ? (
          <div className="border-t border-line pt-8">
            <p className="text-ink-soft">
              This product has sold out.{' '}
              <Link
                to={paths.products}
                className="font-semibold text-accent-dark underline underline-offset-4 hover:text-accent"
              >
                Browse the collection
              </Link>{' '}
              for something like it.
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-3 border-t border-line pt-8">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <p className="text-sm font-semibold">Quantity</p>
              {/* Polite: said once a size is chosen, without taking the shopper's focus. */}
              <p aria-live="polite" className="flex gap-2 text-sm">
                {stock.lowStock && <span className="font-semibold text-accent-dark">{stock.lowStock}</span>}
                {stock.inCart > 0 && !stock.blocked && (
                  <span className="text-muted">({inCartMessage(stock.inCart)})</span>
                )}
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <QuantityStepper value={chosenQuantity} onChange={setQuantity} max={stock.limit} />
              <Button
                size="lg"
                onClick={add}
                disabled={stock.blocked !== undefined}
                aria-describedby={stock.blocked ? 'add-blocked' : undefined}
                className="min-w-48 flex-1"
              >
                <ShoppingBag aria-hidden="true" className="size-5" />
                Add to Cart
              </Button>
            </div>
            {stock.blocked && (
              <p id="add-blocked" className="text-sm font-semibold text-ink-soft">
                {stock.blocked}
              </p>
            )}
          </div>
        )}

        <ul className="flex flex-col gap-4 rounded-2xl bg-sand/70 p-5 text-sm">
          <li className="flex gap-3">
            <Truck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>
              <span className="font-semibold">FREE standard shipping</span>
              <span className="text-ink-soft">
                {' '}
                arrives in about {freeDelivery.days} days. Express and next-day delivery are available in the
                cart.
              </span>
            </span>
          </li>
          <li className="flex gap-3">
            <Banknote aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" />
            <span>
              <span className="font-semibold">Cash on delivery</span>
              <span className="text-ink-soft">: pay when your order reaches your door.</span>
            </span>
          </li>
        </ul>
      </div>
    </article>
  );
}
