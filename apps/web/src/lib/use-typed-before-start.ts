import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * A server-rendered input can be typed into before the app's code runs; hydration leaves that
 * text on screen but not in the state, so nothing follows from it until another key. Once, when
 * the app starts, this hands what the input holds to `take` (with whether it has focus) if it
 * differs from the state's `value`.
 */
export function useTypedBeforeStart(
  input: RefObject<HTMLInputElement | null>,
  value: string,
  take: (typed: string, focused: boolean) => void,
) {
  const start = useRef({ value, take });
  // Before any later render could draw the state's value over it.
  useLayoutEffect(() => {
    const element = input.current;
    if (element && element.value !== start.current.value) {
      start.current.take(element.value, document.activeElement === element);
    }
  }, [input]);
}
