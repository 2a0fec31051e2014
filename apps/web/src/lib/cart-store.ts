import {
  CART_STORAGE_KEY,
  DELIVERY_OPTIONS,
  type DeliveryFee,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from '@habi/shared';
import { useSyncExternalStore } from 'react';
import { newId } from './ids.ts';

/**
 * The cart: client state kept in localStorage, so a reload keeps it,
 * and shared across tabs. A line's delivery date is computed from its option when shown,
 * so a cart left for days still shows true dates.
 */
export interface CartLine {
  cartProductId: string;
  productId: string;
  name: string;
  imageUrl: string;
  price: string;
  size: string;
  quantity: number;
  deliveryOption: { value: string; fee: number };
}

const TEXTS = ['cartProductId', 'productId', 'name', 'imageUrl', 'price', 'size'] as const;

/**
 * A saved line as this store writes it, or null. Read by hand rather than with a schema: every
 * page reads the cart, and the validation library would weigh on every page's first load.
 */
function readLine(value: unknown): CartLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const line = value as Record<string, unknown>;
  const option = line.deliveryOption as Record<string, unknown> | null | undefined;
  const { quantity } = line;
  if (
    !TEXTS.every((key) => typeof line[key] === 'string') ||
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < QUANTITY_MIN ||
    quantity > QUANTITY_MAX ||
    typeof option !== 'object' ||
    option === null ||
    typeof option.value !== 'string' ||
    typeof option.fee !== 'number'
  ) {
    return null;
  }
  const texts = Object.fromEntries(TEXTS.map((key) => [key, line[key]])) as Pick<
    CartLine,
    (typeof TEXTS)[number]
  >;
  return { ...texts, quantity, deliveryOption: { value: option.value, fee: option.fee } };
}

/** The saved cart; empty when any of it is not a line this store wrote. */
function load(): CartLine[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(saved)) return [];
    const read = saved.map(readLine);
    return read.every((line) => line !== null) ? read : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
let lines: CartLine[] = load();

function commit(next: CartLine[]) {
  lines = next;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the cart still works for this visit.
  }
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY) return;
    lines = load();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_LINES: CartLine[] = [];

/**
 * The cart's lines, or null while they are not read: in server rendering and hydration (the cart
 * lives in the browser), the page drawn as the server drew it.
 */
export function useSavedCart(): CartLine[] | null {
  return useSyncExternalStore(
    subscribe,
    () => lines,
    () => null,
  );
}

/** The cart's lines; empty in server rendering and hydration. */
export function useCart(): CartLine[] {
  return useSavedCart() ?? NO_LINES;
}

/** Whether the saved cart has lines, before any component reads it. */
export const hasSavedLines = () => lines.length > 0;

/** The badge number: total quantity; null while the cart is not read (as `useSavedCart`). */
export function useCartCount(): number | null {
  return useSavedCart()?.reduce((sum, line) => sum + line.quantity, 0) ?? null;
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
