import { type Product, STOCK_MESSAGES, type StockUpdateInput, stockNowMessage } from '@habi/shared';
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

/** What saving the card would send, with the cell of each change; or why it sends nothing. */
export type StockCheck = { body: StockUpdateInput; keys: string[] } | 'none' | 'invalid';

/** The product's rows, or Edit Product's variations as arranged (new ones start at none, expected 0). */
function axesOf(product: Product, variations?: readonly { key: string; name: string }[]) {
  const rows = variations ?? product.variations.map((v, i) => ({ key: String(i), name: v.name }));
  return stockAxes(
    rows.map((v) => v.name),
    product.size,
    rows.map((v) => v.key),
  );
}

const NEW_VARIATION_STOCK =
  'The stock of a variation not saved yet is saved with it: use Update to save both together.';

/** What a refusal for want of stock says of each cell it names: the quantity there now, and a note. */
function refusals(error: ApiError, keys: readonly string[], field: string) {
  const refused = error.available.flatMap(({ line, available }) => {
    const key = keys[line];
    return key === undefined ? [] : [{ key, available, note: error.errors[`${field}.${line}`] }];
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
export function useStockEdits(
  product: Product,
  variations?: readonly { key: string; name: string }[],
  /** Save stock's answer, the product as that save left it. */
  onSaved?: (product: Product) => void,
) {
  const save = useUpdateStock(product._id);
  const axes = useMemo(() => axesOf(product, variations), [product, variations]);
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

  /**
   * Flags the cells and answers what saving the card would send. With `sizes` (the sizes the
   * product will have, for Update): `none` when nothing changed, and `invalid` for a change of
   * a size not among them. Without (Save stock), nothing changed is a problem to show. `invalid`
   * too when a cell holds no quantity: the first takes the focus, and the card says why.
   */
  function check(sizes?: readonly string[]): StockCheck {
    // Flagged now, so the first cell in error can take the focus below.
    flushSync(() => setTried(true));
    setNotes({});
    setProblem(undefined);
    if (pending === 0 && sizes) return 'none';
    if ('errors' in update) {
      if (Object.keys(update.errors).length > 0) {
        grid.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus();
      } else {
        setProblem(update.general[0]);
      }
      return 'invalid';
    }
    // Save stock alone cannot reach a variation only Update would add.
    const stored = new Set(product.variations.length > 0 ? product.variations.map((v) => v.name) : ['']);
    if (!sizes && update.body.changes.some((change) => !stored.has(change.variation))) {
      setProblem(NEW_VARIATION_STOCK);
      return 'invalid';
    }
    const sold = sizes && (sizes.length > 0 ? sizes : ['']);
    if (sold && update.body.changes.some((change) => !sold.includes(change.size))) {
      setProblem(STOCK_MESSAGES.resizedWithChanges);
      return 'invalid';
    }
    return update;
  }

  /** The stock as a save answered it: every cell unchanged again. */
  function saved(product: Product) {
    const quantities = seenQuantities(axes, product.stock);
    setEdits({ seen: quantities, cells: textsOf(quantities) });
    setTrack(product.trackStock);
  }

  /**
   * A save refused: the card says why, and for want of stock each refused cell now expects
   * what is there and says so (`field` names the changes in the answer); the admin's values stay.
   */
  function refused(error: unknown, sent: { keys: string[] }, field = 'changes') {
    if (error instanceof ApiError && error.status === 409 && error.available.length > 0) {
      const found = refusals(error, sent.keys, field);
      setEdits((current) => ({ ...current, seen: { ...current.seen, ...found.seen } }));
      setNotes(found.notes);
    }
    setProblem(errorMessage(error));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const sent = check();
    if (typeof sent === 'string') return;
    try {
      const { message, product: answer } = await save.mutateAsync(sent.body);
      saved(answer);
      onSaved?.(answer);
      toast.success(message);
    } catch (error) {
      refused(error, sent);
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
    check,
    saved,
    refused,
    discard,
  };
}
