/**
 * Toasts (top right, closing after 3 s): react-toastify and its container are loaded with the
 * first toast, as most visits show none. A toast asked for before the container is up waits in
 * react-toastify's queue and shows once it is.
 */
type Kind = 'success' | 'error' | 'warn';

let library: Promise<typeof import('react-toastify')> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** `id` names a toast, so that one shown again replaces it and `dismiss` can take it away. */
function show(kind: Kind, message: string, id?: string) {
  library ??= import('react-toastify');
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void library.then((module) => {
    // A named toast still up is told the new message rather than stacked twice.
    if (id !== undefined && module.toast.isActive(id)) {
      module.toast.update(id, { render: message, type: kind === 'warn' ? 'warning' : kind });
    } else {
      module.toast[kind](message, id === undefined ? undefined : { toastId: id });
    }
  });
}

export const toast = {
  success: (message: string, id?: string) => show('success', message, id),
  error: (message: string, id?: string) => show('error', message, id),
  warn: (message: string, id?: string) => show('warn', message, id),
  /** Takes the toast named `id` away, if one is up (or still waiting to show). */
  dismiss(id: string) {
    void library?.then((module) => module.toast.dismiss(id));
  },
};

/** Whether a toast was asked for yet: the container mounts from then on. */
export const toastsWanted = () => wanted;

export function onToastsWanted(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
