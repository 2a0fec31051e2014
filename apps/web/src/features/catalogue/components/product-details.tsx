import { formatPHP, PRODUCT_PAGE_IMAGE_SIZES, type Product } from '@habi/shared';
import { ProductImage } from '../../../components/ui/product-image.tsx';
import { InTurn } from '../../../lib/hydrate-in-turn.tsx';
import { useProductChoice } from '../hooks/use-product-choice.ts';
import { AddToCart, DeliveryPromises, SoldOutNotice } from './product-purchase.tsx';
import { SizeGuide } from './size-guide.tsx';
import { SizePicker } from './size-picker.tsx';
import { SoldOutBadge } from './sold-out-badge.tsx';
import { VariationPicker } from './variation-picker.tsx';

/** Shown when a product has no description. */
const FILLER_DESCRIPTION =
  'A considered everyday piece from our collection: made from quality materials, easy to care for and designed to be worn again and again. Pair it with your favourites for an effortless look.';

/**
 * Product detail: the chosen variation's image and name, price, description,
 * variations, sizes, quantity and Add to Cart (the first variation is chosen). For a product that
 * tracks stock, sold-out sizes are disabled, a low size says how many are left, the quantity
 * offers no more than is left less what the cart holds, and a product sold out whole says so
 * instead of offering a button that cannot work.
 */
export function ProductDetails({ product }: { product: Product }) {
  const choice = useProductChoice(product);
  const { selected, size, name, imageUrl, stock } = choice;
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
              soldOut={choice.goneVariations}
              selected={selected}
              onSelect={(index) => choice.choose(index, size)}
            />
          </InTurn>
        )}

        {choice.hasSizes && (
          <InTurn>
            <SizePicker
              sizes={product.size}
              soldOut={choice.goneSizes}
              value={size}
              onChange={(next) => choice.choose(selected, next)}
              guide={<SizeGuide productId={product._id} selected={size} />}
            />
          </InTurn>
        )}

        {product.soldOut ? (
          <SoldOutNotice />
        ) : (
          <AddToCart
            stock={stock}
            quantity={choice.chosenQuantity}
            onQuantityChange={choice.setQuantity}
            onAdd={choice.add}
          />
        )}

        <DeliveryPromises />
      </div>
    </article>
  );
}
