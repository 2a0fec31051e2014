import {
  type Category,
  parseSizeChartCell,
  SIZE_CHART_MESSAGES,
  type SizeChartCell,
  type SizeChartKind,
  type SizeChartRow,
  sizeChartCellText,
  sizeChartRowsSchema,
} from '@habi/shared';

/** A chart as the editor holds it: the text of each cell, by row (size) and column (measurement). */
export type ChartCells = string[][];
/** Messages by cell, `<row>.<column>`; `_` for the chart as a whole. */
export type ChartErrors = Record<string, string>;

export const cellsOf = (rows: readonly SizeChartRow[]): ChartCells =>
  rows.map((row) => row.values.map(sizeChartCellText));

/**
 * The typed cells as the API takes them, checked with the shared schema the server uses: the
 * rows, or the message of each cell refused.
 */
export function rowsOf(
  category: Category,
  kind: SizeChartKind,
  sizes: readonly string[],
  cells: ChartCells,
): { rows: SizeChartRow[] } | { errors: ChartErrors } {
  const unread: ChartErrors = {};
  const rows = sizes.map((size, r) => ({
    size,
    values: (cells[r] ?? []).map((text, c): SizeChartCell => {
      const cell = parseSizeChartCell(text);
      if (!cell) unread[`${r}.${c}`] = SIZE_CHART_MESSAGES.parse;
      // Taken as out of range, so the other cells are still checked: each says its own.
      return cell ?? { min: -1, max: -1 };
    }),
  }));
  const parsed = sizeChartRowsSchema(category, kind).safeParse(rows);
  if (parsed.success && Object.keys(unread).length === 0) return { rows: parsed.data };
  const checked = parsed.success
    ? {}
    : chartErrors(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  return { errors: { ...checked, ...unread } };
}

/**
 * Messages keyed by where they point (`1.values.0`, or the server's `rows.1.values.0` and
 * `sizeChart.1.values.0`), as the editor keys its cells.
 */
export function chartErrors(entries: readonly (readonly [string, string])[]): ChartErrors {
  const errors: ChartErrors = {};
  for (const [path, message] of entries) {
    const match = /(?:^|\.)(\d+)\.values(?:\.(\d+))?$/.exec(path);
    const key = match ? `${match[1]}.${match[2] ?? 0}` : '_';
    errors[key] ??= message;
  }
  return errors;
}
