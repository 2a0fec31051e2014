import { DEFAULT_SIZE_CHARTS, type SizeChart } from '@habi/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SizeChartTable } from './size-chart-table.tsx';

afterEach(() => {
  cleanup();
});

const menTops: SizeChart = {
  category: 'Men',
  kind: 'tops',
  columns: ['chest', 'waist'],
  rows: DEFAULT_SIZE_CHARTS.Men.tops,
  isDefault: true,
};

/** The texts of each unit in a cell or heading: both are in the markup, the stylesheet shows one. */
const units = (element: HTMLElement) =>
  Object.fromEntries(
    [...element.querySelectorAll('[data-unit]')].map((span) => [
      span.getAttribute('data-unit'),
      span.textContent,
    ]),
  );

describe('SizeChartTable', () => {
  it('marks the chosen size, for the eye and by name', () => {
    render(<SizeChartTable chart={menTops} selected="L" />);
    const rows = screen.getAllByRole('row');
    const marked = rows.filter((row) => row.getAttribute('aria-current') === 'true');
    expect(marked).toHaveLength(1);
    expect(within(marked[0]!).getByRole('rowheader').getAttribute('aria-label')).toBe('L, your size');
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toMatch(
      /Your size, L, is marked\.$/,
    );
  });

  it('marks nothing while no size is chosen', () => {
    render(<SizeChartTable chart={menTops} selected={undefined} />);
    expect(screen.getAllByRole('row').some((row) => row.hasAttribute('aria-current'))).toBe(false);
    expect(screen.getByRole('table').querySelector('caption')?.textContent).not.toMatch(/marked/);
  });

  it('holds each measurement in centimetres and in inches to the tenth', () => {
    render(<SizeChartTable chart={menTops} selected={undefined} />);
    const [chest, waist] = within(screen.getAllByRole('row')[2]!).getAllByRole('cell');
    expect(units(chest!)).toEqual({ cm: '89–93', in: '35.0–36.6' });
    expect(units(waist!)).toEqual({ cm: '73–78', in: '28.7–30.7' });
    const [, chestHeading] = screen.getAllByRole('columnheader');
    expect(units(chestHeading!)).toEqual({ cm: 'Chest (cm)', in: 'Chest (in)' });
  });
});
