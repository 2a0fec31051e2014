import { useId } from 'react';
import { Field, Input } from '../../../components/ui/field.tsx';
import type { CodeCell, useStockCodes } from '../hooks/use-stock-codes.ts';
import { FormSection } from './form-bits.tsx';

/**
 * Edit Product's SKUs and barcodes, a row per variation and size the product has: saved with
 * the product by Update. Folded until opened, or while it holds a change or a message.
 */
export function StockCodesCard({
  codes,
  disabled = false,
}: {
  codes: ReturnType<typeof useStockCodes>;
  disabled?: boolean;
}) {
  const flagged = codes.cells.some((cell) => codes.errorOf(cell, 'sku') || codes.errorOf(cell, 'barcode'));
  if (codes.cells.length === 0) return null;
  return (
    <FormSection
      title="SKUs and barcodes"
      description="Saved with Update. A barcode is an EAN-13 or UPC-A, or none. New variations and sizes get a SKU when saved."
    >
      <details open={codes.dirty || flagged || undefined} className="group">
        <summary className="cursor-pointer text-sm font-semibold text-ink underline-offset-4 hover:underline">
          {codes.cells.length === 1 ? 'Show the SKU' : `Show ${codes.cells.length} SKUs`}
        </summary>
        <ul className="mt-4 flex flex-col divide-y divide-line">
          {codes.cells.map((cell) => (
            <CodeRow key={cell.key} cell={cell} codes={codes} disabled={disabled} />
          ))}
        </ul>
      </details>
    </FormSection>
  );
}

const LABELS = { sku: 'SKU', barcode: 'Barcode' } as const;
/** SKUs are typed as capitals, barcodes as digits. */
const INPUT = {
  sku: { autoCapitalize: 'characters', spellCheck: false, className: 'h-10 font-mono text-sm uppercase' },
  barcode: { inputMode: 'numeric', className: 'h-10 font-mono text-sm' },
} as const;

function CodeRow({
  cell,
  codes,
  disabled,
}: {
  cell: CodeCell;
  codes: ReturnType<typeof useStockCodes>;
  disabled: boolean;
}) {
  const labelId = useId();
  const texts = codes.textsOf(cell);
  return (
    <li className="py-3 first:pt-0">
      <fieldset
        aria-labelledby={labelId}
        className="grid min-w-0 gap-3 sm:grid-cols-[6rem_minmax(0,3fr)_minmax(0,2fr)] sm:items-start"
      >
        <span id={labelId} className="text-sm font-semibold text-ink sm:pt-9">
          {cell.label}
        </span>
        {(['sku', 'barcode'] as const).map((field) => (
          <Field key={field} label={LABELS[field]} error={codes.errorOf(cell, field)}>
            {({ control }) => (
              <Input
                {...control}
                {...INPUT[field]}
                value={texts[field]}
                onChange={(event) => codes.set(cell, field, event.target.value)}
                disabled={disabled}
              />
            )}
          </Field>
        ))}
      </fieldset>
    </li>
  );
}
