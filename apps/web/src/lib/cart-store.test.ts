import type { DeliveryFee } from '@habi/shared';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const KEY = 'habi.cart.v1';

type CartStore = typeof import('./cart-store.ts');

/** The store as a fresh page load makes it: its lines read from localStorage as it stands then. */
async function loadStore(saved?: string): Promise<CartStore> {
  if (saved === undefined) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, saved);
  vi.resetModules();
  return import('./cart-store.ts');
}

const saved = () => JSON.parse(localStorage.getItem(KEY) ?? 'null');

const tee = {
  productId: 'tee',
  name: 'Men Crew T-shirt Navy',
  imageUrl: '/uploads/tee-navy-800.webp',
  price: '399.00',
  size: 'M',
  quantity: 1,
};
const sunglasses = {
  productId: 'sunglasses',
  name: 'Women Round Sunglasses Tortoise',
  imageUrl: '/uploads/sunglasses-800.webp',
  price: '699.00',
  size: '',
  quantity: 1,
};
/** A line as a previous visit saved it. */
const savedLine = {
  cartProductId: 'line-1',
  ...tee,
  quantity: 2,
  deliveryOption: { value: 'express', fee: 50 },
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('addToCart', () => {
  it('adds a new line with the FREE delivery option, and saves the cart', async () => {
    const store = await loadStore();
    const cart = renderHook(() => store.useCart());
    expect(cart.result.current).toEqual([]);

    let result: string | undefined;
    act(() => {
      result = store.addToCart(tee);
    });
    expect(result).toBe('added');
    expect(cart.result.current).toEqual([
      { ...tee, cartProductId: expect.any(String), deliveryOption: { value: 'standard', fee: 0 } },
    ]);
    expect(saved()).toEqual(cart.result.current);
  });

  it('adds the quantity to the line of the same variation and size', async () => {
    const store = await loadStore();
    const cart = renderHook(() => store.useCart());
    act(() => {
      store.addToCart(tee);
    });
    const [first] = cart.result.current;
    let result: string | undefined;
    act(() => {
      result = store.addToCart({ ...tee, quantity: 2 });
    });
    expect(result).toBe('increased');
    expect(cart.result.current).toEqual([{ ...first, quantity: 3 }]);
    expect(saved()).toEqual([{ ...first, quantity: 3 }]);
  });

  it('keeps another size, or another variation in the same size, on a line of its own', async () => {
    const store = await loadStore();
    expect(store.addToCart(tee)).toBe('added');
    expect(store.addToCart({ ...tee, size: 'L' })).toBe('added');
    expect(store.addToCart({ ...tee, name: 'Men Crew T-shirt White' })).toBe('added');
    const cart = renderHook(() => store.useCart());
    expect(cart.result.current.map((line) => [line.name, line.size, line.quantity])).toEqual([
      ['Men Crew T-shirt Navy', 'M', 1],
      ['Men Crew T-shirt Navy', 'L', 1],
      ['Men Crew T-shirt White', 'M', 1],
    ]);
    expect(new Set(cart.result.current.map((line) => line.cartProductId)).size).toBe(3);
  });
});

describe('quantities stay within 1 to 99', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    [2.7, 2],
    [99, 99],
    [100, 99],
  ])('a line added with %d holds %i', async (quantity, held) => {
    const store = await loadStore();
    store.addToCart({ ...tee, quantity });
    expect(renderHook(() => store.useCart()).result.current[0]?.quantity).toBe(held);
  });

  it('stops at 99 when more of the same is added', async () => {
    const store = await loadStore();
    store.addToCart({ ...tee, quantity: 98 });
    expect(store.addToCart({ ...tee, quantity: 5 })).toBe('increased');
    expect(renderHook(() => store.useCart()).result.current[0]?.quantity).toBe(99);
  });

  it.each([
    [5, 5],
    [0, 1],
    [-1, 1],
    [Number.NaN, 1],
    [12.9, 12],
    [150, 99],
  ])('setQuantity(%d) holds %i, on that line only', async (quantity, held) => {
    const store = await loadStore(JSON.stringify([savedLine, { ...savedLine, cartProductId: 'line-2' }]));
    store.setQuantity('line-1', quantity);
    const cart = renderHook(() => store.useCart());
    expect(cart.result.current.map((line) => line.quantity)).toEqual([held, 2]);
    expect(saved().map((line: { quantity: number }) => line.quantity)).toEqual([held, 2]);
  });
});

describe('the delivery option of a line', () => {
  it('is chosen per line, by fee', async () => {
    const store = await loadStore();
    store.addToCart(tee);
    store.addToCart(sunglasses);
    const cart = renderHook(() => store.useCart());
    const [teeLine, sunglassesLine] = cart.result.current;

    act(() => store.setDeliveryOption(teeLine!.cartProductId, 100));
    expect(cart.result.current.map((line) => line.deliveryOption)).toEqual([
      { value: 'next-day', fee: 100 },
      { value: 'standard', fee: 0 },
    ]);
    act(() => store.setDeliveryOption(sunglassesLine!.cartProductId, 50));
    expect(cart.result.current.map((line) => line.deliveryOption)).toEqual([
      { value: 'next-day', fee: 100 },
      { value: 'express', fee: 50 },
    ]);
    expect(saved().map((line: { deliveryOption: unknown }) => line.deliveryOption)).toEqual([
      { value: 'next-day', fee: 100 },
      { value: 'express', fee: 50 },
    ]);
  });

  it('stays as it was for a fee that is not an option', async () => {
    const store = await loadStore(JSON.stringify([savedLine]));
    store.setDeliveryOption('line-1', 75 as DeliveryFee);
    expect(renderHook(() => store.useCart()).result.current[0]?.deliveryOption).toEqual({
      value: 'express',
      fee: 50,
    });
  });
});

describe('price, removal and clearing', () => {
  it("takes the server's price for one line", async () => {
    const store = await loadStore(JSON.stringify([savedLine, { ...savedLine, cartProductId: 'line-2' }]));
    store.setPrice('line-2', '449.00');
    expect(renderHook(() => store.useCart()).result.current.map((line) => line.price)).toEqual([
      '399.00',
      '449.00',
    ]);
  });

  it('removes one line, then clears the rest, saving each time', async () => {
    const store = await loadStore(JSON.stringify([savedLine, { ...savedLine, cartProductId: 'line-2' }]));
    const cart = renderHook(() => store.useCart());
    act(() => store.removeFromCart('line-1'));
    expect(cart.result.current.map((line) => line.cartProductId)).toEqual(['line-2']);
    expect(saved()).toEqual([{ ...savedLine, cartProductId: 'line-2' }]);
    act(() => store.clearCart());
    expect(cart.result.current).toEqual([]);
    expect(localStorage.getItem(KEY)).toBe('[]');
  });
});

describe('the saved cart', () => {
  it('is read back on the next visit', async () => {
    const store = await loadStore(JSON.stringify([savedLine]));
    expect(renderHook(() => store.useCart()).result.current).toEqual([savedLine]);
  });

  it.each([
    ['text that is not JSON', '[{"cartProductId":'],
    ['JSON null', 'null'],
    ['an object instead of a list', JSON.stringify({ lines: [savedLine] })],
    ['a line without a price', JSON.stringify([{ ...savedLine, price: undefined }])],
    ['a name that is a number', JSON.stringify([{ ...savedLine, name: 7 }])],
    ['a line that is not an object', JSON.stringify([savedLine, 1])],
    ['a quantity written as text', JSON.stringify([{ ...savedLine, quantity: '2' }])],
    ['a quantity of 0', JSON.stringify([{ ...savedLine, quantity: 0 }])],
    ['a quantity of 100', JSON.stringify([{ ...savedLine, quantity: 100 }])],
    ['a fractional quantity', JSON.stringify([{ ...savedLine, quantity: 1.5 }])],
    ['a delivery option without a fee', JSON.stringify([{ ...savedLine, deliveryOption: { value: 'x' } }])],
  ])('starts empty from %s, and is saved afresh on the next change', async (_, stored) => {
    const store = await loadStore(stored);
    const cart = renderHook(() => store.useCart());
    expect(cart.result.current).toEqual([]);
    act(() => {
      store.addToCart(sunglasses);
    });
    expect(cart.result.current).toHaveLength(1);
    expect(saved()).toEqual(cart.result.current);
  });

  it('follows a change made in another tab, and ignores other keys', async () => {
    const store = await loadStore();
    const cart = renderHook(() => store.useCart());
    const otherTab = (key: string, value: string) => {
      localStorage.setItem(key, value);
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key }));
      });
    };

    otherTab(KEY, JSON.stringify([savedLine]));
    expect(cart.result.current).toEqual([savedLine]);
    otherTab('habi.something-else', '[]');
    expect(cart.result.current).toEqual([savedLine]);
    otherTab(KEY, 'not JSON');
    expect(cart.result.current).toEqual([]);
  });

  it('keeps working for the visit when the browser refuses to save', async () => {
    const store = await loadStore();
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const cart = renderHook(() => store.useCart());
    act(() => {
      store.addToCart(tee);
    });
    expect(cart.result.current.map((line) => [line.name, line.quantity])).toEqual([
      ['Men Crew T-shirt Navy', 1],
    ]);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('useCartCount (the badge)', () => {
  it('counts units, not lines, and follows every change', async () => {
    const store = await loadStore();
    const count = renderHook(() => store.useCartCount());
    expect(count.result.current).toBe(0);
    act(() => {
      store.addToCart({ ...tee, quantity: 2 });
      store.addToCart({ ...sunglasses, quantity: 3 });
    });
    expect(count.result.current).toBe(5);
    act(() => {
      store.addToCart(tee);
    });
    expect(count.result.current).toBe(6);
    act(() => store.clearCart());
    expect(count.result.current).toBe(0);
  });
});
