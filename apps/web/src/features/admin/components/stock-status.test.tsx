import { type Product, SIZE_PRESETS } from '@habi/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StockGridView } from './stock-grid-view.tsx';
import { StockFilterSelect, StockStatus } from './stock-status.tsx';

afterEach(cleanup);

describe('StockStatus', () => {
  it('says how many sizes are sold out or low beside a healthy total', () => {
    render(<StockStatus total={360} cellsSoldOut={1} cellsLow={2} />);
    expect(screen.getByText('360')).toBeTruthy();
    expect(screen.getByText('1 size sold out')).toBeTruthy();
    expect(screen.getByText('2 sizes low')).toBeTruthy();
    expect(screen.queryByText('Sold out')).toBeNull();
  });

  it('says a product sold out whole once', () => {
    render(<StockStatus total={0} cellsSoldOut={10} cellsLow={0} />);
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.queryByText(/sizes sold out/)).toBeNull();
  });
});

describe('StockFilterSelect', () => {
  it('offers the size filters and says what the chosen one reads', () => {
    const onChange = vi.fn();
    const { rerender } = render(<StockFilterSelect value={undefined} onChange={onChange} />);
    const select = screen.getByLabelText('Stock') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      'All',
      'Low stock',
      'Sold out',
      'A size low',
      'A size sold out',
      'Not tracked',
    ]);
    fireEvent.change(select, { target: { value: 'sizeSoldOut' } });
    expect(onChange).toHaveBeenCalledWith('sizeSoldOut');
    rerender(<StockFilterSelect value="sizeSoldOut" onChange={onChange} />);
    const means = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(means?.textContent).toMatch(/Some variation in some size has none left, whatever the total/);
  });
});

describe('StockGridView', () => {
  const product: Product = {
    _id: 'tee',
    id: 'tee',
    name: 'Tee Navy',
    imageUrl: '/uploads/main-800.webp',
    price: '499.00',
    category: 'Men',
    subCategory: 'Tops',
    createdAt: '2026-03-01T00:00:00.000Z',
    stockTotal: 43,
    soldOut: false,
    description: 'A tee.',
    size: [...SIZE_PRESETS.Clothes],
    variations: [
      { name: 'Tee Navy', imageUrl: '/uploads/navy-800.webp' },
      { name: 'Tee Olive', imageUrl: '/uploads/olive-800.webp' },
    ],
    trackStock: true,
    stock: ['Tee Navy', 'Tee Olive'].flatMap((variation) =>
      SIZE_PRESETS.Clothes.map((size) => ({
        variation,
        size,
        quantity:
          variation === 'Tee Navy' && size === 'L'
            ? 0
            : variation === 'Tee Olive' && size === 'S'
              ? 3
              : 5 + 0,
      })),
    ),
  };

  it('shows each variation in each size, the sold-out and low cells marked in words', () => {
    render(<StockGridView product={product} />);
    const table = screen.getByRole('table', { name: 'Stock by variation and size' });
    const navy = within(table).getByRole('row', { name: /Navy/ });
    const cells = within(navy)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['5Low', '5Low', '0Sold out', '5Low', '5Low']);
    const olive = within(table).getByRole('row', { name: /Olive/ });
    expect(within(olive).getAllByRole('cell')[0]!.textContent).toBe('3Low');
    expect(screen.queryAllByRole('textbox')).toHaveLength(0);
  });

  it('says when the product does not track stock', () => {
    render(<StockGridView product={{ ...product, trackStock: false, stock: undefined }} />);
    expect(screen.getByText('Not tracked: the product sells without limit.')).toBeTruthy();
  });
});
