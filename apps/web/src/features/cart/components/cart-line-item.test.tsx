import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { CartLine } from '../../../lib/cart-store.ts';
import { CartLineItem } from './cart-line-item.tsx';

afterEach(() => {
  cleanup();
});

const line: CartLine = {
  cartProductId: 'line-1',
  productId: 'tee',
  name: 'Men Crew T-shirt Navy',
  imageUrl: '/uploads/tee-800.webp',
  price: '399.00',
  size: 'M',
  quantity: 3,
  deliveryOption: { value: 'standard', fee: 0 },
};

function renderLine(left: number | undefined, quantity = line.quantity) {
  render(
    <MemoryRouter>
      <ul>
        <CartLineItem line={{ ...line, quantity }} left={left} onRemoved={() => {}} />
      </ul>
    </MemoryRouter>,
  );
}

describe('CartLineItem stock message', () => {
  it('tells a line asking for more than is left how many are, and how to fix it', () => {
    renderLine(2);
    expect(screen.getByRole('alert').textContent).toBe(
      'Only 2 left. Lower the quantity to 2 or delete this item.',
    );
  });

  it('tells a sold-out line to go', () => {
    renderLine(0);
    expect(screen.getByRole('alert').textContent).toBe('Sold out. Please delete this item from your cart.');
  });

  it('says nothing once the line fits, or when its product does not track stock', () => {
    renderLine(3);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    renderLine(undefined, 99);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('CartLineItem of a variation no longer sold', () => {
  it('says it is no longer available instead of any stock message', () => {
    render(
      <MemoryRouter>
        <ul>
          <CartLineItem line={line} left={0} gone onRemoved={() => {}} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'No longer available. This variation is no longer sold. Please delete this item from your cart.',
    );
    expect(screen.getByRole('button', { name: /Delete/ })).toBeTruthy();
  });
});
