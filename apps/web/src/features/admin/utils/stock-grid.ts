import {
  LOCALE,
  type ProductStockInput,
  ProductStockInputSchema,
  STOCK_MESSAGES,
  type StockLevel,
  StockQuantitySchema,
  type StockUpdateInput,
  StockUpdateSchema,
  variationLabel,
} from '@habi/shared';

/**
 * The stock grid of the Add Product form and of the Edit Product page's Stock card: a row per
 * variation (one when the product has none), a column per size (one when it has none), a
 * quantity in each cell. Cells are kept as typed text, keyed by row position and size, so a
 * variation renamed or a size preset switched back keeps what was typed.
 */
export interface StockRow {
  /** The row's position: the first variation's row is the one a product without variations had. */
  key: string;
  /** The variation's name as the API names it, '' when the product has none. */
  variation: string;
  label: string;
  /** The one row of a product without variations. */
  none?: boolean;
}
export interface StockColumn {
  /** The size as the API names it, '' when the product has none. */
  size: string;
  label: string;
  /** The one column of a product without sizes. */
  none?: boolean;
}
export interface StockAxes {
  rows: StockRow[];
  columns: StockColumn[];
}
/** Cell texts by `cellKey`. */
export type StockCells = Readonly<Record<string, string>>;

export const cellKey = (row: StockRow, column: StockColumn) => `${row.key}|${column.size}`;

/**
 * Rows are labelled by the last word of each variation name ("Men T-shirt Blue" -> "Blue"), as
 * the back office shows variations, or by the whole name when two would read alike.
 */
export function stockAxes(
  variationNames: readonly string[],
  sizes: readonly string[],
  /** Row keys in place of positions (Edit Product's variations move, come and go). */
  rowKeys?: readonly string[],
): StockAxes {
  const names = variationNames.map((name) => name.trim());
  const short = names.map((name, i) => variationLabel(name) || `Variation ${i + 1}`);
  const alike = new Set(short).size < short.length;
  const rows =
    names.length === 0
      ? [{ key: '0', variation: '', label: 'No variations', none: true }]
      : names.map((name, i) => ({
          key: rowKeys?.[i] ?? String(i),
          variation: name,
          label: alike && name ? name : short[i]!,
        }));
  const columns =
    sizes.length === 0
      ? [{ size: '', label: 'One size', none: true }]
      : sizes.map((size) => ({ size, label: size }));
  return { rows, columns };
}

/** A cell's accessible name: "Blue, M stock", "M stock", "Blue stock", or "Stock". */
export function cellLabel(row: StockRow, column: StockColumn): string {
  const name = cellName(row, column);
  return name ? `${name} stock` : 'Stock';
}

/** A cell's variation and size as a person reads them ("Navy, M"); '' for a product with neither. */
export function cellName(row: StockRow, column: StockColumn): string {
  return [row.none ? '' : row.label, column.none ? '' : column.label].filter(Boolean).join(', ');
}

/** Every cell of the axes. */
export function cellsOf({ rows, columns }: StockAxes): { row: StockRow; column: StockColumn; key: string }[] {
  return rows.flatMap((row) => columns.map((column) => ({ row, column, key: cellKey(row, column) })));
}

/** A typed quantity as a number: NaN unless it is digits, so the shared schemas refuse it. */
const numberOf = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** A typed quantity, read with the shared rule: a whole number from 0 to STOCK_QUANTITY_MAX. */
export function parseQuantity(text: string): { quantity: number } | { error: string } {
  const parsed = StockQuantitySchema.safeParse(numberOf(text));
  return parsed.success
    ? { quantity: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? STOCK_MESSAGES.quantity };
}

/** "Set all": every cell of the grid to one text; cells of other rows and sizes are kept. */
export function setAll(cells: StockCells, axes: StockAxes, text: string): StockCells {
  const next: Record<string, string> = { ...cells };
  for (const { key } of cellsOf(axes)) next[key] = text;
  return next;
}

/**
 * A shared schema's issues, each on the cell of the list item it names (`<field>.<i>...`);
 * the others (about the whole request) apart.
 */
function issuesByCell(
  issues: readonly { path: PropertyKey[]; message: string }[],
  field: string,
  keys: readonly string[],
) {
  const errors: Record<string, string> = {};
  const general: string[] = [];
  for (const issue of issues) {
    const [name, index] = issue.path;
    const key = name === field && typeof index === 'number' ? keys[index] : undefined;
    if (key === undefined) general.push(issue.message);
    else errors[key] ??= issue.message;
  }
  return { errors, general };
}

/**
 * The Add Product form's `stock` field: each variation in each size shown, an empty cell none,
 * checked by the shared ProductStockInputSchema; or the messages by cell.
 */
export function stockInput(
  axes: StockAxes,
  cells: StockCells,
): { input: ProductStockInput } | { errors: Record<string, string> } {
  const all = cellsOf(axes);
  const parsed = ProductStockInputSchema.safeParse({
    trackStock: true,
    quantities: all.map(({ row, column, key }) => ({
      variation: row.variation,
      size: column.size,
      quantity: numberOf(cells[key]?.trim() || '0'),
    })),
  });
  if (parsed.success) return { input: parsed.data };
  const { errors, general } = issuesByCell(
    parsed.error.issues,
    'quantities',
    all.map(({ key }) => key),
  );
  // A whole-list issue has no cell of its own: it is shown on the first.
  if (general.length > 0 && all[0]) errors[all[0].key] ??= general[0]!;
  return { errors };
}

/** The quantities a product read shows, by cell; a cell the read does not name has none. */
export function seenQuantities(axes: StockAxes, levels: readonly StockLevel[] = []): Record<string, number> {
  const found = new Map(levels.map((level) => [`${level.variation}|${level.size}`, level.quantity]));
  return Object.fromEntries(
    cellsOf(axes).map(({ row, column, key }) => [key, found.get(`${row.variation}|${column.size}`) ?? 0]),
  );
}

export const textsOf = (quantities: Readonly<Record<string, number>>): Record<string, string> =>
  Object.fromEntries(Object.entries(quantities).map(([key, quantity]) => [key, String(quantity)]));

/** A cell the admin changed: its text no longer reads as the quantity they saw. */
export function isEdited(seen: Readonly<Record<string, number>>, cells: StockCells, key: string) {
  const read = parseQuantity(cells[key] ?? '');
  return !('quantity' in read && read.quantity === seen[key]);
}

/**
 * The Stock card's `PATCH /product/stock/{id}` body, checked by the shared StockUpdateSchema:
 * tracking on or off when the switch moved (`track.now` differs from `track.before`), and while
 * tracking, for each cell changed its new quantity, applied only if the stock is still the one
 * the admin saw (`expected`). With it, the key of the cell each change came from (a refusal
 * names a change by its index). Or the messages: by cell, and `general` for the body as a whole
 * ("Nothing to change").
 */
export function stockUpdate(
  axes: StockAxes,
  seen: Readonly<Record<string, number>>,
  cells: StockCells,
  track: { now: boolean; before: boolean },
): { body: StockUpdateInput; keys: string[] } | { errors: Record<string, string>; general: string[] } {
  const trackStock = track.now === track.before ? undefined : track.now;
  const edited = track.now ? cellsOf(axes).filter(({ key }) => isEdited(seen, cells, key)) : [];
  const keys = edited.map(({ key }) => key);
  const parsed = StockUpdateSchema.safeParse({
    ...(trackStock === undefined ? {} : { trackStock }),
    changes: edited.map(({ row, column, key }) => ({
      variation: row.variation,
      size: column.size,
      quantity: numberOf(cells[key] ?? ''),
      expected: seen[key] ?? 0,
    })),
  });
  if (parsed.success) return { body: parsed.data, keys };
  return issuesByCell(parsed.error.issues, 'changes', keys);
}

/**
 * Fresh quantities from the server: a cell the admin has not changed takes the new quantity; a
 * changed one keeps its text and the quantity the admin saw, so saving it is checked against
 * what they saw and refused if the stock moved meanwhile.
 */
export function rebase(
  seen: Readonly<Record<string, number>>,
  cells: StockCells,
  fresh: Readonly<Record<string, number>>,
): { seen: Record<string, number>; cells: Record<string, string> } {
  const next = { seen: { ...fresh }, cells: textsOf(fresh) };
  for (const key of Object.keys(fresh)) {
    if (key in seen && isEdited(seen, cells, key)) {
      next.seen[key] = seen[key]!;
      next.cells[key] = cells[key] ?? '';
    }
  }
  return next;
}

/** A count of units as the store writes numbers, "1,250". */
export const formatUnits = (units: number) => units.toLocaleString(LOCALE);

/** The quantities shown, added up; cells that hold no quantity count as none. */
export function totalOf(axes: StockAxes, cells: StockCells): number {
  return cellsOf(axes).reduce((total, { key }) => {
    const read = parseQuantity(cells[key] ?? '');
    return total + ('quantity' in read ? read.quantity : 0);
  }, 0);
}
