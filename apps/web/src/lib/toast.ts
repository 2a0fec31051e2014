/**
 * Toasts (top right, closing after 3 s): react-toastify and its container are loaded with the
 * first toast, as most visits show none. A toast asked for before the container is up waits in
 * react-toastify's queue and shows once it is.
 */
type Kind = 'success' | 'error' | 'warn';

let library: Promise<typeof import('react-toastify')> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function show(kind: Kind, message: string) {
  library ??= import('react-toastify');
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void library.then((module) => module.toast[kind](message));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warn: (message: string) => show('warn', message),
};

/** Whether a toast was asked for yet: the container mounts from then on. */
export const toastsWanted = () => wanted;

export function onToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
