import { summarizeOrder } from '@habi/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../../lib/cart-store.ts';
import { orderPayload } from './place-order.ts';

afterEach(() => {
  vi.useRealTimers();
});

const lines: CartLine[] = [
  {
    cartProductId: 'line-1',
    productId: 'tee',
    name: 'Men Tee Olive',
    imageUrl: '/uploads/tee-olive-800.webp',
    price: '333.35',
    size: 'M',
    quantity: 2,
    deliveryOption: { value: 'standard', fee: 0 },
  },
  {
    cartProductId: 'line-2',
    productId: 'tote',
    name: 'Canvas Tote',
    imageUrl: '/uploads/tote-800.webp',
    price: '120.02',
    size: '',
    quantity: 1,
    deliveryOption: { value: 'next-day', fee: 100 },
  },
];

describe('orderPayload', () => {
  it('sends the lines, the total the summary shows and each line’s ETA by the shopper’s clock', () => {
    // 01:00 on 23 November in Manila.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T17:00:00Z') });
    const payload = orderPayload(
      'user-1',
      '12 Mabini St, Makati City 1200',
      lines,
      summarizeOrder(
        lines.map((line) => ({ price: line.price, quantity: line.quantity, fee: line.deliveryOption.fee })),
      ),
    );
    // 2 x 333.35 + 120.02 = 786.72; shipping 100.00; 10% of 886.72 = 88.672 -> 88.67.
    expect(payload).toEqual({
      userId: 'user-1',
      total: '975.39',
      address: '12 Mabini St, Makati City 1200',
      cart: [
        {
          id: 'tee',
          name: 'Men Tee Olive',
          imageUrl: '/uploads/tee-olive-800.webp',
          price: '333.35',
          size: 'M',
          quantity: 2,
          deliveryOption: { date: '2026-12-02', fee: 0 },
        },
        {
          id: 'tote',
          name: 'Canvas Tote',
          imageUrl: '/uploads/tote-800.webp',
          price: '120.02',
          size: '',
          quantity: 1,
          deliveryOption: { date: '2026-11-24', fee: 100 },
        },
      ],
    });
  });

  it('sends no date for a fee that is not an option, leaving the refusal to the server', () => {
    const odd: CartLine = { ...lines[0]!, deliveryOption: { value: 'gone', fee: 75 } };
    const payload = orderPayload('user-1', 'Somewhere', [odd], summarizeOrder([]));
    expect(payload.cart[0]?.deliveryOption).toEqual({ date: undefined, fee: 75 });
    expect(payload.total).toBe('0.00');
  });

  it('sends the applied code with the total it lowers, and no code field without one', () => {
    const priced = (rule: Parameters<typeof summarizeOrder>[1]) =>
      summarizeOrder(
        lines.map((line) => ({ price: line.price, quantity: line.quantity, fee: line.deliveryOption.fee })),
        rule,
      );
    // 786.72 - 10% (78.67) = 708.05; + 100.00 = 808.05; tax 80.81.
    const payload = orderPayload(
      'user-1',
      'Somewhere',
      lines,
      priced({ kind: 'percent', value: 10 }),
      'SAVE10',
    );
    expect(payload).toMatchObject({ total: '888.86', discountCode: 'SAVE10' });
    expect(orderPayload('user-1', 'Somewhere', lines, priced(null))).not.toHaveProperty('discountCode');
  });

  it('sends the payment method chosen, and none when the server is to take cash on delivery', () => {
    const summary = summarizeOrder([{ price: '399.00', quantity: 1, fee: 0 }]);
    expect(orderPayload('user-1', 'Somewhere', lines, summary, null, 'transfer')).toMatchObject({
      paymentMethod: 'transfer',
    });
    expect(orderPayload('user-1', 'Somewhere', lines, summary, 'SAVE10', 'cod')).toMatchObject({
      discountCode: 'SAVE10',
      paymentMethod: 'cod',
    });
    expect(orderPayload('user-1', 'Somewhere', lines, summary)).not.toHaveProperty('paymentMethod');
  });
});
