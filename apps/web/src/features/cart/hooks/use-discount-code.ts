import { useSyncExternalStore } from 'react';

/**
 * The discount code applied in the cart, kept beside the cart in localStorage so a reload keeps
 * it. Only the code is kept: what it takes off is asked of the server each time the cart changes.
 */
const STORAGE_KEY = 'habi.discount-code.v1';
const listeners = new Set<() => void>();
let code = load();

function load(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY) || null;
  } catch {
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    code = load();
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useDiscountCode(): string | null {
  return useSyncExternalStore(subscribe, () => code);
}

/** Applies a code, or removes it with null. */
export function setDiscountCode(next: string | null) {
  code = next;
  try {
    if (next === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Storage blocked: the code still applies for this visit.
  }
  notify();
}
