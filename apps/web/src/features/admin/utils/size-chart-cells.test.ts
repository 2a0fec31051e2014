import { DEFAULT_SIZE_CHARTS, SIZE_CHART_MESSAGES, SIZE_PRESETS } from '@habi/shared';
import { describe, expect, it } from 'vitest';
import { cellsOf, chartErrors, rowsOf } from './size-chart-cells.ts';

const sizes = SIZE_PRESETS.Clothes;

describe('rowsOf', () => {
  it('reads the typed cells back into the rows the API takes', () => {
    const cells = cellsOf(DEFAULT_SIZE_CHARTS.Women.bottoms);
    expect(cells[0]).toEqual(['62-66', '86-90', '70']);
    cells[1]![2] = ' 71.5 ';
    const result = rowsOf('Women', 'bottoms', sizes, cells);
    expect('rows' in result && result.rows[1]).toEqual({
      size: 'M',
      values: [
        { min: 67, max: 71 },
        { min: 91, max: 95 },
        { min: 71.5, max: 71.5 },
      ],
    });
  });

  it('names every refused cell at once: unreadable, out of range, backwards', () => {
    const cells = cellsOf(DEFAULT_SIZE_CHARTS.Women.bottoms);
    cells[0]![0] = '62 to 66';
    cells[1]![1] = '300';
    cells[2]![0] = '76-72';
    expect(rowsOf('Women', 'bottoms', sizes, cells)).toEqual({
      errors: {
        '0.0': SIZE_CHART_MESSAGES.parse,
        '1.1': 'Hip must be between 45 and 170',
        '2.0': SIZE_CHART_MESSAGES.order,
      },
    });
  });
});

describe('chartErrors', () => {
  it("keys the server's refusals by cell, and a refusal of the whole chart apart", () => {
    expect(
      chartErrors([
        ['rows.3.values.1', 'Waist must be between 40 and 150'],
        ['sizeChart.0.values', SIZE_CHART_MESSAGES.columns(2)],
        ['rows', SIZE_CHART_MESSAGES.sizes(sizes)],
      ]),
    ).toEqual({
      '3.1': 'Waist must be between 40 and 150',
      '0.0': SIZE_CHART_MESSAGES.columns(2),
      _: SIZE_CHART_MESSAGES.sizes(sizes),
    });
  });
});
