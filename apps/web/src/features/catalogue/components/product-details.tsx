import { DELIVERY_OPTIONS, formatPHP, type Product } from '@habi/shared';
import { Banknote, ShoppingBag, Truck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { addToCart } from '../../../lib/cart-store.ts';
import { SizePicker } from './size-picker.tsx';
import { VariationPicker } from './variation-picker.tsx';

/** Shown when a product has no description. */
export const FILLER_DESCRIPTION =
  'A considered everyday piece from our collection: made from quality materials, easy to care for and designed to be worn again and again. Pair it with your favourites for an effortless look.';

const [freeDelivery] = DELIVERY_OPTIONS;

/**
 * Product detail: the chosen variation's image and name, price, description,
 * variations, sizes, quantity and Add to Cart (the first variation is chosen).
 */
export function ProductDetails({ product }: { product: Product }) {
  const [selected, setSelected] = useState(0);
  const [size, setSize] = useState<string>();
  const [quantity, setQuantity] = useState(1);

  const variation = product.variations[selected];
  const name = variation?.name ?? product.name;
  const imageUrl = variation?.imageUrl ?? product.imageUrl;
  const hasSizes = product.size.length > 0;
  useDocumentTitle(name);

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
      quantity,
    });
    toast.success(result === 'added' ? 'Added to the cart.' : 'Product quantity increases');
  }

  const eyebrow = [product.category, product.subCategory].filter(Boolean).join(' · ');

  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-16">
      <div className="lg:sticky lg:top-28 lg:self-start">
        <ProductImage
          key={imageUrl}
          src={imageUrl}
          alt={name}
          priority
          sizes="(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw"
          className="rounded-3xl"
        />
      </div>

      <div className="flex flex-col gap-8 lg:py-2">
        <div className="flex flex-col gap-3">
          {eyebrow && <p className="text-xs font-bold tracking-[0.2em] text-accent uppercase">{eyebrow}</p>}
          <h1 className="text-3xl leading-tight font-semibold text-balance sm:text-4xl">{name}</h1>
          <p className="text-2xl font-semibold tabular-nums">{formatPHP(product.price)}</p>
        </div>

        <p className="leading-relaxed text-ink-soft">{product.description.trim() || FILLER_DESCRIPTION}</p>

        {product.variations.length > 1 && (
          <VariationPicker variations={product.variations} selected={selected} onSelect={setSelected} />
        )}

        {hasSizes && <SizePicker sizes={product.size} value={size} onChange={setSize} />}

        <div className="flex flex-col gap-3 border-t border-line pt-8">
          <p className="text-sm font-semibold">Quantity</p>
          <div className="flex flex-wrap gap-3">
            <QuantityStepper value={quantity} onChange={setQuantity} />
            <Button size="lg" onClick={add} className="min-w-48 flex-1">
              <ShoppingBag aria-hidden="true" className="size-5" />
              Add to Cart
            </Button>
          </div>
        </div>

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
