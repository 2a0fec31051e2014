import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Combobox } from './combobox.tsx';

const OPTIONS = [
  { label: 'Relevant', value: 'relevant' },
  { label: 'Low to High', value: 'asc' },
  { label: 'High to Low', value: 'desc' },
] as const;
type Sort = (typeof OPTIONS)[number]['value'];

afterEach(cleanup);

/** The combobox as a page holds it: the value kept by the page, each change recorded. */
function renderSort(initial?: Sort) {
  const changes: (Sort | undefined)[] = [];
  function Page() {
    const [value, setValue] = useState<Sort | undefined>(initial);
    return (
      <>
        <label htmlFor="sort-by">Sort by</label>
        <Combobox
          id="sort-by"
          listLabel="Sort orders"
          options={OPTIONS}
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          placeholder="Relevant"
          clearLabel="Clear the sort"
        />
      </>
    );
  }
  render(<Page />);
  const input = screen.getByRole('combobox', { name: 'Sort by' }) as HTMLInputElement;
  const options = () => screen.queryAllByRole('option').map((option) => option.textContent);
  const active = () =>
    document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
  return { input, options, active, changes };
}

describe('Combobox', () => {
  it('opens on a click at the chosen option, and picks another with a click', () => {
    const { input, options, active, changes } = renderSort('asc');
    expect(input.value).toBe('Low to High');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(input);
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options()).toEqual(['Relevant', 'Low to High', 'High to Low']);
    expect(active()).toBe('Low to High');
    expect(screen.getByRole('option', { name: 'Low to High' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.mouseDown(screen.getByRole('option', { name: 'High to Low' }));
    expect(changes).toEqual(['desc']);
    expect(input.value).toBe('High to Low');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('narrows the options to what is typed, case and accents aside, and Enter picks the first', () => {
    const { input, options, changes } = renderSort();
    fireEvent.input(input, { target: { value: 'HIGH TÓ' } });
    expect(options()).toEqual(['High to Low']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(changes).toEqual(['desc']);
    expect(input.value).toBe('High to Low');

    fireEvent.input(input, { target: { value: 'zz' } });
    expect(options()).toEqual([]);
    expect(screen.getByText('No options')).toBeTruthy();
    // Nothing to pick: Enter changes nothing; Escape brings the choice back.
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(changes).toEqual(['desc']);
    expect(input.value).toBe('High to Low');
  });

  it('moves with the arrow keys, round the ends, and Escape closes without a change', () => {
    const { input, active, changes } = renderSort();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe('Relevant');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(active()).toBe('High to Low');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(active()).toBe('Low to High');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(changes).toEqual([]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(changes).toEqual(['asc']);
  });

  it('clears to no choice with its button, shown only while something is chosen', () => {
    const { input, changes } = renderSort('desc');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the sort' }));
    expect(changes).toEqual([undefined]);
    expect(input.value).toBe('');
    expect(input.placeholder).toBe('Relevant');
    expect(screen.queryByRole('button', { name: 'Clear the sort' })).toBeNull();
  });

  it('closes when the focus leaves, showing the choice again', () => {
    const { input } = renderSort('asc');
    fireEvent.input(input, { target: { value: 'rel' } });
    fireEvent.blur(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.value).toBe('Low to High');
  });
});
