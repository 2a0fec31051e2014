import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type StockCells, stockAxes } from '../utils/stock-grid.ts';
import { StockGrid } from './stock-grid.tsx';

afterEach(() => {
  cleanup();
});

function Grid({ initial = {} }: { initial?: StockCells }) {
  const [cells, setCells] = useState<StockCells>(initial);
  return (
    <StockGrid
      axes={stockAxes(['Men Tee Blue', 'Men Tee Olive'], ['S', 'M', 'L'])}
      cells={cells}
      onChange={setCells}
      errors={{}}
      placeholder="0"
    />
  );
}

const cell = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const press = (input: HTMLInputElement, key: string) => fireEvent.keyDown(input, { key });

describe('StockGrid', () => {
  it('labels each cell by variation and size, in row-by-row order', () => {
    render(<Grid />);
    const names = screen
      .getAllByRole('textbox')
      .slice(1)
      .map((input) => input.getAttribute('aria-label'));
    expect(names).toEqual([
      'Blue, S stock',
      'Blue, M stock',
      'Blue, L stock',
      'Olive, S stock',
      'Olive, M stock',
      'Olive, L stock',
    ]);
  });

  it('moves between cells with the arrow keys, left and right only from the edge of the text', () => {
    render(<Grid initial={{ '0|M': '12' }} />);
    const blueM = cell('Blue, M stock');
    blueM.focus();
    press(blueM, 'ArrowDown');
    expect(document.activeElement).toBe(cell('Olive, M stock'));
    press(cell('Olive, M stock'), 'ArrowDown');
    expect(document.activeElement).toBe(cell('Olive, M stock'));
    press(cell('Olive, M stock'), 'ArrowUp');
    expect(document.activeElement).toBe(blueM);

    // The caret inside "12": left and right move the caret, not the focus.
    blueM.setSelectionRange(1, 1);
    press(blueM, 'ArrowRight');
    expect(document.activeElement).toBe(blueM);
    blueM.setSelectionRange(2, 2);
    press(blueM, 'ArrowRight');
    expect(document.activeElement).toBe(cell('Blue, L stock'));
    press(cell('Blue, L stock'), 'ArrowRight');
    expect(document.activeElement).toBe(cell('Blue, L stock'));
    press(cell('Blue, L stock'), 'ArrowLeft');
    expect(document.activeElement).toBe(blueM);
    blueM.setSelectionRange(1, 1);
    press(blueM, 'ArrowLeft');
    expect(document.activeElement).toBe(blueM);
    blueM.setSelectionRange(0, 0);
    press(blueM, 'ArrowLeft');
    expect(document.activeElement).toBe(cell('Blue, S stock'));
  });

  it('sets every cell at once, and refuses a quantity out of range with the shared message', () => {
    render(<Grid initial={{ '0|M': '12' }} />);
    const quantity = screen.getByRole('textbox', { name: 'Quantity for every cell' });
    fireEvent.input(quantity, { target: { value: '100001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set all' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 0 to 100,000');
    expect(cell('Blue, M stock').value).toBe('12');

    fireEvent.input(quantity, { target: { value: '7' } });
    fireEvent.keyDown(quantity, { key: 'Enter' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual([
      '7',
      '7',
      '7',
      '7',
      '7',
      '7',
      '7',
    ]);
    expect(screen.getByText('Total:').textContent).toBe('Total: 42');
  });
});
