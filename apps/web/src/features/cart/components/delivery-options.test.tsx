import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, clearCart, useCart } from '../../../lib/cart-store.ts';
import { DeliveryOptions, deliveryLabelFor, shippingLabel } from './delivery-options.tsx';

// The shopper's clock: 17:00 UTC on 22 November is 01:00 on the 23rd in Manila, the day the ETAs
// count from (FREE 9 days, ₱50 5 days, ₱100 1 day).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T17:00:00Z') });
});

afterEach(() => {
  cleanup();
  clearCart();
  vi.useRealTimers();
});

describe('shippingLabel', () => {
  it.each([
    [0, 'FREE Shipping'],
    [50, '₱50.00 - Shipping'],
    [100, '₱100.00 - Shipping'],
  ])('labels the fee %i %j', (fee, label) => {
    expect(shippingLabel(fee)).toBe(label);
  });
});

describe('deliveryLabelFor', () => {
  it.each([
    [0, 'Wednesday, December 2'],
    [50, 'Saturday, November 28'],
    [100, 'Tuesday, November 24'],
  ])('dates the fee %i %j', (fee, label) => {
    expect(deliveryLabelFor(fee)).toBe(label);
  });

  it('dates a fee that is no longer an option as FREE delivery, so an old saved line still reads', () => {
    expect(deliveryLabelFor(75)).toBe('Wednesday, December 2');
  });

  it('moves on with the calendar: a cart left open over the year end shows true dates', () => {
    vi.setSystemTime(new Date('2026-12-31T16:30:00Z')); // 00:30 on 1 January in Manila
    expect(deliveryLabelFor(100)).toBe('Saturday, January 2');
    expect(deliveryLabelFor(0)).toBe('Sunday, January 10');
  });
});

describe('DeliveryOptions', () => {
  it('offers one radio per option, dated and priced, and checks the one the line has', () => {
    addToCart({
      productId: 'tee',
      name: 'Men Crew T-shirt Navy',
      imageUrl: '/uploads/tee-800.webp',
      price: '399.00',
      size: 'M',
      quantity: 1,
    });
    const cart = renderHook(() => useCart());
    const view = render(<DeliveryOptions line={cart.result.current[0]!} />);

    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      'Wednesday, December 2FREE Shipping',
      'Saturday, November 28₱50.00 - Shipping',
      'Tuesday, November 24₱100.00 - Shipping',
    ]);
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false']);

    // Choosing ₱100 changes the line in the cart; the list shows it once given the new line.
    act(() => {
      fireEvent.click(radios[2]!);
    });
    expect(cart.result.current[0]?.deliveryOption).toEqual({ value: 'next-day', fee: 100 });
    view.rerender(<DeliveryOptions line={cart.result.current[0]!} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-checked'))).toEqual([
      'false',
      'false',
      'true',
    ]);
  });
});
