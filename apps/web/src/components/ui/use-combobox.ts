import { type KeyboardEvent, useId, useState } from 'react';

export interface ComboboxOption<Value extends string> {
  label: string;
  value: Value;
}

/** Case and accents aside: "low" finds "Low to High", "e" finds "é". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * A combobox's state: open or not, what was typed since opening, the options it leaves and
 * the one the arrow keys highlight; picking, closing and the input's keys.
 */
export function useCombobox<Value extends string>(
  options: readonly ComboboxOption<Value>[],
  value: Value | undefined,
  onChange: (value?: Value) => void,
) {
  const listId = useId();
  const chosen = options.find((option) => option.value === value);
  const [open, setOpen] = useState(false);
  // What the shopper typed since opening; null shows the chosen option's label.
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const shown =
    typed === null ? options : options.filter((option) => folded(option.label).includes(folded(typed)));
  const activeOption = open ? shown[Math.min(active, shown.length - 1)] : undefined;
  /** Where the list opens: at the chosen option, else the first. */
  const chosenIndex = chosen ? options.indexOf(chosen) : 0;

  const close = () => {
    setOpen(false);
    setTyped(null);
  };
  const pick = (option: ComboboxOption<Value>) => {
    close();
    if (option.value !== value) onChange(option.value);
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = shown.length - 1;
    const current = activeOption ? shown.indexOf(activeOption) : 0;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) openAt(chosenIndex);
      else setActive(current >= last ? 0 : current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) openAt(chosenIndex);
      else setActive(current <= 0 ? last : current - 1);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (activeOption) pick(activeOption);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  }

  return {
    listId,
    optionId: (option: ComboboxOption<Value>) => `${listId}-${option.value}`,
    chosen,
    open,
    typed,
    shown,
    activeOption,
    close,
    pick,
    onKeyDown,
    onType(text: string) {
      setTyped(text);
      openAt(0);
    },
    toggle: () => (open ? close() : openAt(chosenIndex)),
    clear() {
      close();
      onChange(undefined);
    },
  };
}
