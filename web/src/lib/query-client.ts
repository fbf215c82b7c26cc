import { QueryClient } from '@tanstack/react-query';
import { ApiError, causeOf } from './api-error';

// Kept apart from lib/query.ts (which imports the API client and its contract) so the entry chunk
// that creates the client stays small.

/** 4xx answers will not change on a retry; network trouble and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  const cause = causeOf(error);
  if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: 5 * 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
