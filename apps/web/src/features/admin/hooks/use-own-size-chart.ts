import {
  type Category,
  DEFAULT_SIZE_CHARTS,
  SIZE_PRESETS,
  type SizeChartKind,
  type SizeChartRow,
  sizeChartPreset,
  sizeChartSlotFor,
} from '@habi/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { sizeChartsQueryOptions } from '../api/size-charts.ts';
import {
  type ChartCells,
  type ChartErrors,
  cellsOf,
  chartErrors,
  rowsOf,
} from '../utils/size-chart-cells.ts';

export type ChartSlot = { category: Category; kind: SizeChartKind };
const keyOf = (slot: ChartSlot | null) => (slot ? `${slot.category}/${slot.kind}` : '');

/**
 * Add and Edit Product's "Size chart": the category's chart (the default) or the product's own,
 * whose numbers start from the category's. Its chart follows the form's category, type and
 * sizes (`slot`): own numbers made for another kind of chart start again from the new one's.
 */
export function useOwnSizeChart(
  product: { category: string | null; subCategory: string | null; size: readonly string[] },
  initial: SizeChartRow[] | null,
) {
  const slot = sizeChartSlotFor(product);
  const [own, setOwn] = useState(initial !== null);
  // The category's numbers, which its own start from, once it is to have its own.
  const charts = useQuery({ ...sizeChartsQueryOptions(), enabled: own });
  const [madeFor, setMadeFor] = useState(initial ? keyOf(slot) : '');
  const [cells, setCells] = useState<ChartCells>(initial ? cellsOf(initial) : []);
  const [errors, setErrors] = useState<ChartErrors>({});
  const [initialCells] = useState(() => JSON.stringify(initial ? cellsOf(initial) : []));

  /** The category's chart for `slot`, as the own chart starts from it. */
  const categoryCells = (target: ChartSlot) =>
    cellsOf(
      charts.data?.find((c) => c.category === target.category && c.kind === target.kind)?.rows ??
        DEFAULT_SIZE_CHARTS[target.category][target.kind],
    );
  // Own numbers fit the chart they were made for only.
  const fits = slot !== null && madeFor === keyOf(slot);
  const shown = fits ? cells : slot ? categoryCells(slot) : [];

  function choose(next: boolean) {
    setOwn(next);
    setErrors({});
  }
  function edit(next: ChartCells) {
    setCells(next);
    setMadeFor(keyOf(slot));
  }

  /** What Create or Update sends: null for the category's chart, or the own rows; 'invalid' marks the cells. */
  function check(): { sizeChart: SizeChartRow[] | null } | 'invalid' {
    if (!own || !slot) return { sizeChart: null };
    const checked = rowsOf(slot.category, slot.kind, SIZE_PRESETS[sizeChartPreset(slot.kind)], shown);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return 'invalid';
    }
    setErrors({});
    return { sizeChart: checked.rows };
  }

  return {
    slot,
    own,
    choose,
    cells: shown,
    edit,
    errors,
    /** The server's refusal of the chart (`sizeChart.<row>.values.<column>`), on its cells. */
    refused: (serverErrors: Record<string, string>) =>
      setErrors(chartErrors(Object.entries(serverErrors).filter(([key]) => key.startsWith('sizeChart')))),
    check,
    dirty: own !== (initial !== null) || (own && JSON.stringify(shown) !== initialCells),
  };
}
export type OwnSizeChart = ReturnType<typeof useOwnSizeChart>;
