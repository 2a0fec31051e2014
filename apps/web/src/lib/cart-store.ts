import { DELIVERY_OPTIONS, type DeliveryFee, QUANTITY_MAX, QUANTITY_MIN } from '@habi/shared';
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { newId } from './ids.ts';

/**
 * The cart: client state kept in localStorage, so a reload keeps it,
 * and shared across tabs. A line's delivery date is computed from its option when shown,
 * so a cart left for days still shows true dates.
 */
const CartLineSchema = z.object({
  cartProductId: z.string(),
  productId: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  price: z.string(),
  size: z.string(),
  quantity: z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX),
  deliveryOption: z.object({ value: z.string(), fee: z.number() }),
});
export type CartLine = z.infer<typeof CartLineSchema>;

const STORAGE_KEY = 'habi.cart.v1';
const listeners = new Set<() => void>();
let lines: CartLine[] = load();

function load(): CartLine[] {
  try {
    const parsed = z.array(CartLineSchema).safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function commit(next: CartLine[]) {
  lines = next;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    lines = load();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCart(): CartLine[] {
  return useSyncExternalStore(subscribe, () => lines);
}

/** The badge number: total quantity. */
export function useCartCount(): number {
  return useCart().reduce((sum, line) => sum + line.quantity, 0);
}

const clampQuantity = (quantity: number) =>
  Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.trunc(quantity) || QUANTITY_MIN));

export type AddResult = 'added' | 'increased';

/** The same variation and size adds quantity; otherwise a new line with the FREE option. */
export function addToCart(item: Omit<CartLine, 'cartProductId' | 'deliveryOption'>): AddResult {
  const existing = lines.find((line) => line.name === item.name && line.size === item.size);
  if (existing) {
    commit(
      lines.map((line) =>
        line === existing ? { ...line, quantity: clampQuantity(line.quantity + item.quantity) } : line,
      ),
    );
    return 'increased';
  }
  const [first] = DELIVERY_OPTIONS;
  commit([
    ...lines,
    {
      ...item,
      quantity: clampQuantity(item.quantity),
      cartProductId: newId(),
      deliveryOption: { value: first.value, fee: first.fee },
    },
  ]);
  return 'added';
}

export function setQuantity(cartProductId: string, quantity: number) {
  commit(
    lines.map((line) =>
      line.cartProductId === cartProductId ? { ...line, quantity: clampQuantity(quantity) } : line,
    ),
  );
}

export function setDeliveryOption(cartProductId: string, fee: DeliveryFee) {
  const option = DELIVERY_OPTIONS.find((o) => o.fee === fee);
  if (!option) return;
  commit(
    lines.map((line) =>
      line.cartProductId === cartProductId
        ? { ...line, deliveryOption: { value: option.value, fee: option.fee } }
        : line,
    ),
  );
}

/** Takes the server's price for a line after it refused a stale one (prices are the server's). */
export function setPrice(cartProductId: string, price: string) {
  commit(lines.map((line) => (line.cartProductId === cartProductId ? { ...line, price } : line)));
}

export function removeFromCart(cartProductId: string) {
  commit(lines.filter((line) => line.cartProductId !== cartProductId));
}

export function clearCart() {
  commit([]);
}
