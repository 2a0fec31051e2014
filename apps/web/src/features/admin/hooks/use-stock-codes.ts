import { BarcodeSchema, type Product, SkuSchema, type StockCodes } from '@habi/shared';
import { useMemo, useState } from 'react';
import { cellKey, cellName, type StockAxes } from '../utils/stock-grid.ts';

/** One stock row the product has, as the SKUs and barcodes card lists it. */
export interface CodeCell {
  key: string;
  variation: string;
  size: string;
  /** "Navy, M"; "M" or "Navy" without variations or sizes; "One size" with neither. */
  label: string;
  sku: string;
  barcode: string;
}

/** What the card holds for a cell: the texts as typed. */
type Typed = Readonly<Record<string, { sku: string; barcode: string }>>;

/** Answer of `check`: nothing to send, texts to fix, or the codes and each one's cell. */
export type CodesCheck = 'none' | 'invalid' | { codes: StockCodes; keys: string[] };

function cellsOf(product: Product, axes: StockAxes): CodeCell[] {
  const saved = new Map((product.stock ?? []).map((l) => [JSON.stringify([l.variation, l.size]), l]));
  return axes.rows.flatMap((row) =>
    axes.columns.flatMap((column) => {
      const level = saved.get(JSON.stringify([row.variation, column.size]));
      if (!level?.sku) return [];
      const label = cellName(row, column);
      return [
        {
          key: cellKey(row, column),
          variation: row.variation,
          size: column.size,
          label: label || 'One size',
          sku: level.sku,
          barcode: level.barcode ?? '',
        },
      ];
    }),
  );
}

/**
 * Edit Product's SKUs and barcodes: those of each stock row the product has (new variations and
 * sizes get theirs when saved), edited as text and sent with Update as `codes`, only the rows
 * changed. Checked with the shared schemas first; a refusal's messages land under their fields.
 */
export function useStockCodes(product: Product, axes: StockAxes) {
  const cells = useMemo(() => cellsOf(product, axes), [product, axes]);
  const [typed, setTyped] = useState<Typed>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const textsOf = (cell: CodeCell) => typed[cell.key] ?? { sku: cell.sku, barcode: cell.barcode };
  const changed = cells.filter((cell) => {
    const value = textsOf(cell);
    return value.sku.trim().toUpperCase() !== cell.sku || value.barcode.trim() !== cell.barcode;
  });

  function set(cell: CodeCell, field: 'sku' | 'barcode', text: string) {
    setTyped((current) => ({ ...current, [cell.key]: { ...textsOf(cell), [field]: text } }));
    setErrors(({ [`${cell.key}|${field}`]: _, ...others }) => others);
  }

  /** What Update sends for the rows of `sizes` (the sizes after the edit); flags bad texts. */
  function check(sizes: readonly string[]): CodesCheck {
    const sold = sizes.length > 0 ? sizes : [''];
    const sent = changed.filter((cell) => sold.includes(cell.size));
    const found: Record<string, string> = {};
    const codes = sent.map((cell) => {
      const value = textsOf(cell);
      const sku = SkuSchema.safeParse(value.sku);
      const barcode = value.barcode.trim() === '' ? null : BarcodeSchema.safeParse(value.barcode);
      if (!sku.success) found[`${cell.key}|sku`] = sku.error.issues[0]!.message;
      if (barcode && !barcode.success) found[`${cell.key}|barcode`] = barcode.error.issues[0]!.message;
      return {
        variation: cell.variation,
        size: cell.size,
        sku: sku.data ?? '',
        barcode: barcode ? (barcode.data ?? null) : null,
      };
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return 'invalid';
    return codes.length === 0 ? 'none' : { codes, keys: sent.map((cell) => cell.key) };
  }

  /** A refusal's field messages (`codes.<i>.sku`) under the fields they name. */
  function refused(messages: Readonly<Record<string, string>>, sent: { keys: string[] }) {
    const found: Record<string, string> = {};
    for (const [field, message] of Object.entries(messages)) {
      const match = /^codes\.(\d+)\.(sku|barcode)$/.exec(field);
      const key = match && sent.keys[Number(match[1])];
      if (key) found[`${key}|${match[2]}`] = message;
    }
    setErrors(found);
  }

  return {
    cells,
    textsOf,
    set,
    errorOf: (cell: CodeCell, field: 'sku' | 'barcode') => errors[`${cell.key}|${field}`],
    dirty: changed.length > 0,
    check,
    refused,
  };
}
