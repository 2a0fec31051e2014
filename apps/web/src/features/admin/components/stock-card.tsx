import type { Product } from '@habi/shared';
import { Button } from '../../../components/ui/button.tsx';
import type { useStockEdits } from '../hooks/use-stock-edits.ts';
import { cellKey, formatUnits } from '../utils/stock-grid.ts';
import { FormSection } from './form-bits.tsx';
import { StockGrid } from './stock-grid.tsx';
import { TrackStockSwitch } from './track-stock-switch.tsx';

/**
 * Edit Product's Stock card: tracking on or off and the quantities, with only the cells changed
 * sent, each checked against the quantity the admin saw, so a checkout in between is never
 * overwritten. The page's Update saves them with the product; Save stock saves them alone
 * (`PATCH /product/stock/{id}`). A refusal shows, under each cell refused, what is in stock now;
 * the admin's values stay, to review and save again. `busy` while Update is sending.
 */
export function StockCard({
  product,
  stock,
  busy = false,
}: {
  product: Product;
  stock: ReturnType<typeof useStockEdits>;
  busy?: boolean;
}) {
  const track = stock.track;
  // Nothing changes while either save is under way.
  const saving = stock.saving || busy;
  // Each cell's SKU under it, unless a refusal has something to say there.
  const skuHints = Object.fromEntries(
    stock.axes.rows.flatMap((row) =>
      stock.axes.columns.flatMap((column) => {
        const sku = product.stock?.find((l) => l.variation === row.variation && l.size === column.size)?.sku;
        return sku ? [[cellKey(row, column), `SKU ${sku}`]] : [];
      }),
    ),
  );

  return (
    <FormSection
      title="Stock"
      description={
        product.trackStock
          ? `${formatUnits(product.stockTotal ?? 0)} in stock over every variation and size.`
          : 'Not tracked: the product sells without limit.'
      }
      actions={<TrackStockSwitch checked={track} onCheckedChange={stock.setTrack} disabled={saving} />}
    >
      <form noValidate onSubmit={stock.onSubmit} aria-label="Stock" className="flex flex-col gap-4">
        {track && (
          <div ref={stock.grid}>
            <StockGrid
              axes={stock.axes}
              cells={stock.cells}
              onChange={stock.setCells}
              errors={stock.cellErrors}
              notes={stock.notes}
              hints={skuHints}
              isChanged={stock.isChanged}
              disabled={saving}
            />
          </div>
        )}
        {track !== product.trackStock && (
          <p className="rounded-xl bg-sand px-4 py-3 text-sm text-ink-soft">
            {track
              ? 'Saving starts tracking stock: every variation and size starts at the quantity above.'
              : 'Saving stops tracking stock: the quantities are dropped and the product sells without limit.'}
          </p>
        )}
        {stock.problem && (
          <p role="alert" className="text-sm text-danger">
            {stock.problem}
          </p>
        )}
        <StockCardFooter
          pending={stock.pending}
          saving={stock.saving}
          disabled={saving}
          onDiscard={stock.discard}
        />
      </form>
    </FormSection>
  );
}

/** How many changes wait to be saved, Discard changes and Save stock. */
function StockCardFooter({
  pending,
  saving,
  disabled,
  onDiscard,
}: {
  pending: number;
  /** Save stock's own save is under way: it reads 'Loading...'. */
  saving: boolean;
  disabled: boolean;
  onDiscard(): void;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-end">
      <p aria-live="polite" className="text-sm text-muted tabular-nums sm:mr-auto">
        {pending === 0 ? 'No unsaved changes' : `${pending} unsaved change${pending === 1 ? '' : 's'}`}
      </p>
      <div className="flex gap-2">
        {pending > 0 && (
          <Button
            variant="secondary"
            className="flex-1 rounded-lg sm:flex-none"
            onClick={onDiscard}
            disabled={disabled}
          >
            Discard changes
          </Button>
        )}
        <Button
          type="submit"
          className="flex-1 rounded-lg sm:min-w-32 sm:flex-none"
          disabled={disabled}
          pending={saving}
        >
          Save stock
        </Button>
      </div>
    </div>
  );
}
