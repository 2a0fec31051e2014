import type { OrderedProduct, Shipment } from '@habi/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderedProductCard } from './ordered-product.tsx';

afterEach(() => {
  cleanup();
});

const line: OrderedProduct = {
  _id: 'item-1',
  productId: 'tee',
  name: 'Men Crew T-shirt Navy',
  imageUrl: '/uploads/tee-navy-800.webp',
  quantity: 2,
  productStatus: 'toPay',
  price: '1299.5',
  size: 'L',
  deliveryOption: { date: '2026-12-02', fee: 0 },
};

/** The details list as the shopper reads it, term by term. */
function details() {
  return [...document.querySelectorAll('dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);
}

describe('OrderedProductCard', () => {
  it('shows the price and quantity, and Show more... reveals the size, the ETA and FREE shipping', () => {
    render(<OrderedProductCard product={line} />);
    expect(screen.getByText('₱1,299.50')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Show more...' });
    expect(document.querySelector('dl')?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(document.querySelector('dl')?.hidden).toBe(false);
    expect(details()).toEqual([
      ['Size', 'L'],
      ['ETA', 'Wednesday, December 2'],
      ['Shipping Fee', 'FREE'],
    ]);
    expect(toggle.textContent).toBe('Show less');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('shows a paid fee in pesos, and no size row for a product without sizes', () => {
    render(
      <OrderedProductCard product={{ ...line, size: '', deliveryOption: { date: '2027-01-01', fee: 50 } }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more...' }));
    expect(details()).toEqual([
      ['ETA', 'Friday, January 1'],
      ['Shipping Fee', '₱50.00'],
    ]);
  });

  it('shows who carries a shipped line: the courier, the tracking number to copy, and its tracking page', async () => {
    const shipment: Shipment = {
      _id: 's1',
      orderId: 'o1',
      courier: 'jnt',
      courierName: 'J&T Express',
      trackingNumber: '760012345678',
      trackingUrl: 'https://www.jtexpress.ph/track-and-trace?billCodes=760012345678',
      shippedOn: '2026-11-27',
      deliveredAt: null,
      lines: ['item-1'],
    };
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    render(<OrderedProductCard product={{ ...line, productStatus: 'toReceive' }} shipment={shipment} />);
    expect(screen.getByText('Shipped with J&T Express')).toBeTruthy();
    expect(screen.getByText('760012345678')).toBeTruthy();
    const track = screen.getByRole('link', { name: /Track your parcel on J&T Express/ });
    expect(track.getAttribute('href')).toBe(shipment.trackingUrl);
    expect(track.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Copy tracking number' }));
    expect(await screen.findByRole('button', { name: 'Tracking number copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('760012345678');
    vi.unstubAllGlobals();
  });
});
