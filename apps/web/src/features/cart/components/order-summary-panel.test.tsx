import { summarizeOrder } from '@habi/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrderSummaryPanel } from './order-summary-panel.tsx';

afterEach(() => {
  cleanup();
});

/** The panel's rows as the shopper reads them: label, then amount. */
function rows() {
  return [...document.querySelectorAll('dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);
}

describe('OrderSummaryPanel', () => {
  it('shows a code as its own line and the lower total: 20% off ₱1,234.50, shipping not discounted', () => {
    const summary = summarizeOrder([{ price: '1,234.50', quantity: 1, fee: 50 }], {
      kind: 'percent',
      value: 20,
    });
    render(
      <OrderSummaryPanel summary={summary} discountCode="SAVE20" pending={false} onPlaceOrder={() => {}} />,
    );
    expect(rows()).toEqual([
      ['Items (1):', '₱1,234.50'],
      ['Discount (SAVE20):', '−₱246.90'],
      ['Shipping & handling:', '₱50.00'],
      ['Total before tax:', '₱1,037.60'],
      ['Estimated tax (10%):', '₱103.76'],
      ['Order total:', '₱1,141.36'],
    ]);
  });

  it('shows two tees at ₱333.35 with FREE delivery: ₱666.70, FREE, tax ₱66.67, total ₱733.37', () => {
    const summary = summarizeOrder([{ price: '333.35', quantity: 2, fee: 0 }]);
    render(<OrderSummaryPanel summary={summary} pending={false} onPlaceOrder={() => {}} />);
    expect(rows()).toEqual([
      ['Items (2):', '₱666.70'],
      ['Shipping & handling:', 'FREE'],
      ['Total before tax:', '₱666.70'],
      ['Estimated tax (10%):', '₱66.67'],
      ['Order total:', '₱733.37'],
    ]);
  });

  it('charges each line its own fee and taxes the shipping too, rounding half a centavo up', () => {
    // 2 x 333.35 + 120.02 = 786.72; shipping 50 + 100 = 150.00; 10% of 936.72 = 93.672 -> 93.67.
    const summary = summarizeOrder([
      { price: '333.35', quantity: 2, fee: 50 },
      { price: '120.02', quantity: 1, fee: 100 },
    ]);
    render(<OrderSummaryPanel summary={summary} pending={false} onPlaceOrder={() => {}} />);
    expect(rows()).toEqual([
      ['Items (3):', '₱786.72'],
      ['Shipping & handling:', '₱150.00'],
      ['Total before tax:', '₱936.72'],
      ['Estimated tax (10%):', '₱93.67'],
      ['Order total:', '₱1,030.39'],
    ]);
  });

  it('rounds a tax of exactly half a centavo up', () => {
    // 699.95 + 50 = 749.95; 10% = 74.995 -> 75.00.
    const summary = summarizeOrder([{ price: '699.95', quantity: 1, fee: 50 }]);
    render(<OrderSummaryPanel summary={summary} pending={false} onPlaceOrder={() => {}} />);
    expect(screen.getByTestId('summary-tax').textContent).toBe('₱75.00');
    expect(screen.getByTestId('summary-total').textContent).toBe('₱824.95');
  });

  it('places the order on click, and reads Loading... (disabled) while pending', () => {
    const onPlaceOrder = vi.fn();
    const summary = summarizeOrder([{ price: '399.00', quantity: 1, fee: 0 }]);
    const view = render(<OrderSummaryPanel summary={summary} pending={false} onPlaceOrder={onPlaceOrder} />);
    fireEvent.click(screen.getByRole('button', { name: 'Place your order' }));
    expect(onPlaceOrder).toHaveBeenCalledOnce();

    view.rerender(<OrderSummaryPanel summary={summary} pending onPlaceOrder={onPlaceOrder} />);
    const loading = screen.getByRole('button', { name: 'Loading...' });
    expect(loading).toHaveProperty('disabled', true);
  });

  it('says a price could not be read, with no amounts and no way to order', () => {
    render(
      <OrderSummaryPanel
        summary={null}
        pending={false}
        onPlaceOrder={() => {}}
        problem="Network error. Check your connection and try again."
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'A price in your cart could not be read. Please delete that item and add it again.',
    );
    expect(rows()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Place your order' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Network error. Check your connection and try again.')).toBeTruthy();
  });
});
