import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

const MINUTE = 60_000;

/**
 * Fetching defaults: 3 retries with back-off min(1000 * 2^n, 30000) ms and cached
 * data collected after 5 minutes. A 4xx answer is final, so it is not retried.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * MINUTE,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
