import { type Product, stockNowMessage } from '@habi/shared';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateStock } from '../api/update-stock.ts';
import {
  cellsOf,
  formatUnits,
  isEdited,
  rebase,
  seenQuantities,
  stockAxes,
  stockUpdate,
  textsOf,
} from '../utils/stock-grid.ts';
import { FormSection } from './form-bits.tsx';
import { StockGrid } from './stock-grid.tsx';
import { TrackStockSwitch } from './track-stock-switch.tsx';

/** The quantities the admin saw (what each change expects) and the cells as they stand. */
interface Edits {
  seen: Record<string, number>;
  cells: Record<string, string>;
}

/**
 * Edit Product's Stock card, apart from the product form: tracking on or off and the quantities,
 * saved by `PATCH /product/stock/{id}` with only the cells changed, each checked against the
 * quantity the admin saw, so a checkout in between is never overwritten. A refusal shows, under
 * each cell refused, what is in stock now; the admin's values stay, to review and save again.
 */
export function StockCard({ product }: { product: Product }) {
  const save = useUpdateStock(product._id);
  const axes = useMemo(
    () =>
      stockAxes(
        product.variations.map((v) => v.name),
        product.size,
      ),
    [product.variations, product.size],
  );
  const fresh = useMemo(() => seenQuantities(axes, product.stock), [axes, product.stock]);
  const [edits, setEdits] = useState<Edits>(() => ({ seen: fresh, cells: textsOf(fresh) }));
  const [track, setTrack] = useState(product.trackStock);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();
  const [tried, setTried] = useState(false);
  const grid = useRef<HTMLDivElement>(null);

  // The stock read again (after a save, a refusal, or a return to the tab): cells the admin has
  // not changed show it; changed ones keep their value and the quantity the admin saw.
  const [shown, setShown] = useState({ fresh, tracked: product.trackStock });
  if (shown.fresh !== fresh || shown.tracked !== product.trackStock) {
    setShown({ fresh, tracked: product.trackStock });
    setEdits((current) => rebase(current.seen, current.cells, fresh));
    if (track === shown.tracked) setTrack(product.trackStock);
  }

  // A refusal takes the focus to the first cell refused, scrolled into view with its note.
  useEffect(() => {
    if (Object.keys(notes).length > 0) {
      grid.current?.querySelector<HTMLInputElement>('input[aria-describedby*="note"]')?.focus();
    }
  }, [notes]);

  const update = stockUpdate(axes, edits.seen, edits.cells, { now: track, before: product.trackStock });
  // A cell emptied to type anew is not flagged until a save is tried.
  const cellErrors = Object.fromEntries(
    Object.entries('errors' in update ? update.errors : {}).filter(
      ([key]) => tried || (edits.cells[key] ?? '').trim() !== '',
    ),
  );
  const pending =
    (track ? cellsOf(axes).filter(({ key }) => isEdited(edits.seen, edits.cells, key)).length : 0) +
    (track === product.trackStock ? 0 : 1);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Flagged now, so the first cell in error can take the focus below.
    flushSync(() => setTried(true));
    setNotes({});
    setProblem(undefined);
    if ('errors' in update) {
      if (Object.keys(update.errors).length > 0) {
        grid.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
      } else {
        setProblem(update.general[0]);
      }
      return;
    }
    try {
      const { message, product: saved } = await save.mutateAsync(update.body);
      const quantities = seenQuantities(axes, saved.stock);
      setEdits({ seen: quantities, cells: textsOf(quantities) });
      setTrack(saved.trackStock);
      toast.success(message);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.available.length > 0) {
        // Each refused cell now expects what is there, and says so; the admin's value stays.
        const refused = error.available.flatMap(({ line, available }) => {
          const key = update.keys[line];
          return key === undefined ? [] : [{ key, available, note: error.errors[`changes.${line}`] }];
        });
        setEdits((current) => ({
          ...current,
          seen: { ...current.seen, ...Object.fromEntries(refused.map((r) => [r.key, r.available])) },
        }));
        setNotes(Object.fromEntries(refused.map((r) => [r.key, r.note ?? stockNowMessage(r.available)])));
      }
      setProblem(errorMessage(error));
    }
  }

  function discard() {
    setEdits({ seen: fresh, cells: textsOf(fresh) });
    setTrack(product.trackStock);
    setNotes({});
    setProblem(undefined);
  }

  return (
    <FormSection
      title="Stock"
      description={
        product.trackStock
          ? `${formatUnits(product.stockTotal ?? 0)} in stock over every variation and size.`
          : 'Not tracked: the product sells without limit.'
      }
      actions={<TrackStockSwitch checked={track} onCheckedChange={setTrack} disabled={save.isPending} />}
    >
      <form noValidate onSubmit={onSubmit} aria-label="Stock" className="flex flex-col gap-4">
        {track && (
          <div ref={grid}>
            <StockGrid
              axes={axes}
              cells={edits.cells}
              onChange={(cells) => setEdits((current) => ({ ...current, cells: { ...cells } }))}
              errors={cellErrors}
              notes={notes}
              isChanged={(key) => isEdited(edits.seen, edits.cells, key)}
              disabled={save.isPending}
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
        {problem && (
          <p role="alert" className="text-sm text-danger">
            {problem}
          </p>
        )}
        <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-end">
          <p aria-live="polite" className="text-sm text-muted tabular-nums sm:mr-auto">
            {pending === 0 ? 'No unsaved changes' : `${pending} unsaved change${pending === 1 ? '' : 's'}`}
          </p>
          <div className="flex gap-2">
            {pending > 0 && (
              <Button
                variant="secondary"
                className="flex-1 rounded-lg sm:flex-none"
                onClick={discard}
                disabled={save.isPending}
              >
                Discard changes
              </Button>
            )}
            <Button
              type="submit"
              className="flex-1 rounded-lg sm:min-w-32 sm:flex-none"
              disabled={save.isPending}
            >
              {save.isPending ? (
                <>
                  <Spinner className="size-4" />
                  Loading...
                </>
              ) : (
                'Save stock'
              )}
            </Button>
          </div>
        </div>
      </form>
    </FormSection>
  );
}
