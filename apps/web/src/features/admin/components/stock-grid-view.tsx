import { cellStateOf, type Product } from '@habi/shared';
import { cn } from '../../../lib/cn.ts';
import { cellKey, formatUnits, seenQuantities, stockAxes } from '../utils/stock-grid.ts';
import { StockTable } from './stock-grid.tsx';

const MARKS = {
  soldOut: { text: 'Sold out', className: 'bg-red-50 text-red-900' },
  low: { text: 'Low', className: 'bg-amber-50 text-amber-900' },
  inStock: { text: '', className: 'text-ink' },
} as const;

/**
 * A product's stock read only (the back office's product page): a row per variation, a column
 * per size, each cell its quantity, sold-out and low cells marked in words as well as colour,
 * and its SKU.
 */
export function StockGridView({ product }: { product: Product }) {
  if (!product.trackStock) {
    return <p className="text-sm text-muted">Not tracked: the product sells without limit.</p>;
  }
  const axes = stockAxes(
    product.variations.map((v) => v.name),
    product.size,
  );
  const quantities = seenQuantities(axes, product.stock);
  const skus = new Map(
    (product.stock ?? []).map((level) => [`${level.variation}\n${level.size}`, level.sku]),
  );
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto rounded-xl border border-line">
        <StockTable columns={axes.columns} headerPadding="px-2">
          <tbody>
            {axes.rows.map((row) => (
              <tr key={row.key} className="group">
                <th
                  scope="row"
                  title={row.variation || undefined}
                  className="sticky left-0 z-10 max-w-32 truncate border-r border-b border-line bg-white px-3 py-2 text-left font-semibold text-ink group-last:border-b-0 sm:max-w-48"
                >
                  {row.label}
                </th>
                {axes.columns.map((column) => {
                  const quantity = quantities[cellKey(row, column)] ?? 0;
                  const mark = MARKS[cellStateOf(quantity)];
                  return (
                    <td
                      key={column.size}
                      className={cn(
                        'border-b border-line px-2 py-2 text-center align-top tabular-nums group-last:border-b-0',
                        mark.className,
                      )}
                    >
                      <span className="block font-semibold">{formatUnits(quantity)}</span>
                      {mark.text && (
                        <span className="block text-[11px] leading-tight font-semibold">{mark.text}</span>
                      )}
                      {skus.get(`${row.variation}\n${column.size}`) && (
                        <span className="mt-0.5 block font-mono text-[11px] leading-tight break-all">
                          <span className="sr-only">SKU </span>
                          {skus.get(`${row.variation}\n${column.size}`)}
                        </span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </StockTable>
      </div>
      <p className="text-sm text-ink-soft tabular-nums">
        Total: <span className="font-semibold text-ink">{formatUnits(product.stockTotal ?? 0)}</span>
      </p>
    </div>
  );
}
