import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import type { CartLine } from '../../../lib/cart-store.ts';
import { refusedLines, takeServerCorrections } from './use-checkout.ts';

const line = (cartProductId: string, quantity: number): CartLine => ({
  cartProductId,
  productId: `product-${cartProductId}`,
  name: `Tee ${cartProductId}`,
  imageUrl: '/uploads/tee.webp',
  price: '399.00',
  size: 'M',
  quantity,
  deliveryOption: { value: 'standard', fee: 0 },
});

/** The 409 checkout answers when lines 0 and 2 of the order cannot be filled. */
const short = new ApiError(
  409,
  'Some items in your cart are no longer available in that quantity',
  { 'cart.0.quantity': 'Only 2 left', 'cart.2.quantity': 'Sold out' },
  [
    { line: 0, available: 2 },
    { line: 2, available: 0 },
  ],
);

describe('refusedLines', () => {
  it('maps each refused line of the order sent to its cart line, by index', () => {
    const sent = [line('first', 3), line('second', 1), line('third', 1)];
    expect(refusedLines(short, sent)).toEqual({ first: 2, third: 0 });
  });

  it('ignores a line index the order did not have', () => {
    expect(refusedLines(short, [line('only', 3)])).toEqual({ only: 2 });
  });
});

describe('takeServerCorrections', () => {
  it('leaves lines short of stock to the stock message, which goes once the line fits', () => {
    expect(takeServerCorrections(short, [line('first', 3), line('second', 1), line('third', 1)])).toEqual({});
  });

  it('shows a quantity error without `available` as the server wrote it', () => {
    const error = new ApiError(409, 'Refused', { 'cart.1.quantity': 'Only 2 left' });
    expect(takeServerCorrections(error, [line('first', 3), line('second', 3)])).toEqual({
      second: 'Only 2 left',
    });
  });
});
