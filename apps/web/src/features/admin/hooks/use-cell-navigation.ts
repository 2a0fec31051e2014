import { type KeyboardEvent, useRef } from 'react';

const MODIFIERS = ['shiftKey', 'altKey', 'ctrlKey', 'metaKey'] as const;

/**
 * Arrow keys between the inputs of a grid: up and down always, left and right once the caret is
 * at the text's edge (or the whole text is selected). Each cell's input registers by its row and
 * column through `cellRef`.
 */
export function useCellNavigation() {
  const inputs = useRef(new Map<string, HTMLInputElement>());

  function cellRef(r: number, c: number) {
    return (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(`${r}:${c}`, input);
      else inputs.current.delete(`${r}:${c}`);
    };
  }

  function move(event: KeyboardEvent<HTMLInputElement>, r: number, c: number) {
    if (MODIFIERS.some((key) => event[key])) return;
    const input = event.currentTarget;
    const { selectionStart: start, selectionEnd: end, value } = input;
    const whole = start === 0 && end === value.length;
    const target =
      event.key === 'ArrowUp'
        ? [r - 1, c]
        : event.key === 'ArrowDown'
          ? [r + 1, c]
          : event.key === 'ArrowLeft' && (whole || end === 0)
            ? [r, c - 1]
            : event.key === 'ArrowRight' && (whole || start === value.length)
              ? [r, c + 1]
              : undefined;
    const next = target && inputs.current.get(`${target[0]}:${target[1]}`);
    if (!next) return;
    event.preventDefault();
    next.focus();
  }

  return { cellRef, move };
}
