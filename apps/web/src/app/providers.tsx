import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { whenHydrated } from '../lib/hydrate-in-turn.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * Marks the document once the app has taken the page over (hydrated it, every part in its turn,
 * or drawn it):
 * `<html data-app="ready">`. Before, a server-rendered page is readable but its buttons are not
 * wired yet; the end-to-end tests wait for this before they act. Rendered on the server too
 * (where effects do not run): both trees must match for the ids `useId` gives to agree.
 */
function MarkReady() {
  useEffect(() => {
    void whenHydrated().then(() => {
      document.documentElement.dataset.app = 'ready';
    });
  }, []);
  return null;
}

/**
 * The query cache, where toasts show, and the mark that the app is ready. `client` is the server's, filled before it renders;
 * `state` is what the server's page was rendered with, so the browser starts from the same data.
 */
export function Providers({
  children,
  client,
  state,
}: {
  children: ReactNode;
  client?: QueryClient;
  state?: DehydratedState;
}) {
  const [queryClient] = useState(() => {
    if (client) return client;
    const created = createQueryClient();
    if (state) {
      // The server checks a page it kept against the catalogue on every request, so what it was
      // rendered from is current as the page arrives: fresh from now, not from when it was drawn.
      const now = Date.now();
      hydrate(created, {
        ...state,
        queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
      });
    }
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
      <MarkReady />
    </QueryClientProvider>
  );
}
