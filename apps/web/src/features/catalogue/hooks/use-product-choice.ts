import { type Product, QUANTITY_MIN, variationShown } from '@habi/shared';
import { useMemo, useState } from 'react';
import { useDocumentTitle } from '../../../components/layout/use-document-title.ts';
import { addToCart, useCart } from '../../../lib/cart-store.ts';
import { toast } from '../../../lib/toast.ts';
import { choiceStock, soldOutSizes, soldOutVariations } from '../utils/choice-stock.ts';

/**
 * What the shopper has chosen on a product page (variation, size, quantity), what it leaves on
 * offer given the stock and the cart, and Add to Cart. The first variation starts chosen.
 */
export function useProductChoice(product: Product) {
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

  return {
    selected,
    size,
    name,
    imageUrl,
    hasSizes,
    goneVariations,
    goneSizes,
    stock,
    chosenQuantity,
    setQuantity,
    choose,
    add,
  };
}
