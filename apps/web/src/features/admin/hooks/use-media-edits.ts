import type { Product } from '@habi/shared';
import { useMemo, useState } from 'react';
import {
  fileProblem,
  type MediaState,
  mediaDirty,
  mediaFields,
  mediaOf,
  moveItem,
  newItem,
  type VariationItem,
} from '../utils/variation-edits.ts';

/**
 * Edit Product's photos and variations: the arrangement, its messages by item (`main` for the
 * main photo), and what Update sends of it.
 */
export function useMediaEdits(product: Product) {
  const [state, setState] = useState<MediaState>(() => mediaOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The Stock card's rows: one per variation as arranged, keyed so typed cells follow moves.
  const rows = useMemo(
    () => state.items.map((item) => ({ key: item.key, name: item.name.trim() })),
    [state.items],
  );

  const setItems = (change: (items: VariationItem[]) => VariationItem[]) =>
    setState((current) => ({ ...current, items: change(current.items) }));
  const clear = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _, ...rest } = current;
      return rest;
    });
  /** A chosen file, or why it is refused (the old photo stays). */
  const choose = (key: string, file: File, apply: () => void) => {
    const problem = fileProblem(file);
    if (problem) {
      setErrors((current) => ({ ...current, [key]: problem }));
      return;
    }
    clear(key);
    apply();
  };

  return {
    state,
    errors,
    rows,
    dirty: mediaDirty(product, state),
    setMainFile: (file: File) =>
      choose('main', file, () => setState((current) => ({ ...current, main: { ...current.main, file } }))),
    setFile: (key: string, file: File) =>
      choose(key, file, () =>
        setItems((items) => items.map((item) => (item.key === key ? { ...item, file } : item))),
      ),
    setName: (key: string, name: string) => {
      clear(key);
      setItems((items) => items.map((item) => (item.key === key ? { ...item, name } : item)));
    },
    move: (index: number, by: -1 | 1) => setItems((items) => moveItem(items, index, by)),
    remove: (key: string) => {
      clear(key);
      setItems((items) => items.filter((item) => item.key !== key));
    },
    add: () => {
      const item = newItem();
      setItems((items) => [...items, item]);
      return item.key;
    },
    /** What Update sends, or `invalid` with the messages shown. */
    check() {
      const result = mediaFields(product, state);
      if ('errors' in result) {
        setErrors(result.errors);
        return 'invalid' as const;
      }
      setErrors({});
      return result.ok;
    },
    /** A refusal's messages by field (`imageUrl`, `variations.<i>.…`), on the items they name. */
    refused(fieldErrors: Readonly<Record<string, string>>) {
      const found: Record<string, string> = {};
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (field === 'imageUrl') found.main = message;
        const index = /^variations\.(\d+)/.exec(field)?.[1];
        const item = index === undefined ? undefined : state.items[Number(index)];
        if (item) found[item.key] ??= message;
      }
      setErrors(found);
    },
  };
}
