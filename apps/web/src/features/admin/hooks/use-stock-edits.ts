import { type Product, stockNowMessage } from '@habi/shared';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useUpdateStock } from '../api/update-stock.ts';
import {
  cellsOf,
  isEdited,
  rebase,
  seenQuantities,
  stockAxes,
  stockUpdate,
  textsOf,
} from '../utils/stock-grid.ts';

/** The quantities the admin saw (what each change expects) and the cells as they stand. */
interface Edits {
  seen: Record<string, number>;
  cells: Record<string, string>;
}

/** What a refusal for want of stock says of each cell it names: the quantity there now, and a note. */
function refusals(error: ApiError, keys: readonly string[]) {
  const refused = error.available.flatMap(({ line, available }) => {
    const key = keys[line];
    return key === undefined ? [] : [{ key, available, note: error.errors[`changes.${line}`] }];
  });
  return {
    seen: Object.fromEntries(refused.map((r) => [r.key, r.available])),
    notes: Object.fromEntries(refused.map((r) => [r.key, r.note ?? stockNowMessage(r.available)])),
  };
}

/**
 * The Stock card's edits of one product: tracking and the cells, what saving them would send,
 * the save itself, and a refusal's notes under the cells it names.
 */
export function useStockEdits(product: Product) {
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
        const refused = refusals(error, update.keys);
        setEdits((current) => ({ ...current, seen: { ...current.seen, ...refused.seen } }));
        setNotes(refused.notes);
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

  return {
    axes,
    grid,
    cells: edits.cells,
    setCells: (cells: Record<string, string>) => setEdits((current) => ({ ...current, cells: { ...cells } })),
    isChanged: (key: string) => isEdited(edits.seen, edits.cells, key),
    cellErrors,
    notes,
    track,
    setTrack,
    problem,
    pending,
    saving: save.isPending,
    onSubmit,
    discard,
  };
}
