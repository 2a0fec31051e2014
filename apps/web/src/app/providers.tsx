import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastHost } from '../components/ui/toast-host.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * The query cache, and where toasts show. `client` is the server's, filled before it renders;
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
    if (state) hydrate(created, state);
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
