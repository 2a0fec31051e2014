import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MINUTE = 60_000;

/**
 * Fetching defaults in the browser: 3 retries with back-off min(1000 * 2^n, 30000) ms and cached
 * data collected after 5 minutes. A 4xx answer is final, so it is not retried.
 *
 * On the server (`{ server: true }`) a client serves one page's render: no retries (a page whose
 * data fails is sent unrendered at once) and no collection timers, which would hold every page's
 * data for minutes after it was sent; the render clears the client when it is done.
 */
export function createQueryClient({ server = false } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          !server &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failures < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: server ? Number.POSITIVE_INFINITY : 5 * MINUTE,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
