import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from '../../lib/toast.ts';

const Toasts = lazy(() => import('./toasts.tsx'));

/** Where toasts show: mounted with the first one (lib/toast.ts). */
export function ToastHost() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense>
      <Toasts />
    </Suspense>
  ) : null;
}
