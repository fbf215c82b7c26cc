import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { RouteId } from '@shared/api/routes';
import { api, ApiError, type ApiOptions } from './api';

/** 4xx answers will not change on a retry; network trouble and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
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

/**
 * Query keys. API data is keyed by route id first, so `invalidateQueries({ queryKey: apiKey('listMyListings') })`
 * refreshes every page and filter of that route.
 */
export const queryKeys = {
  /** The signed-in session and user record (features/auth). */
  session: ['auth', 'session'] as const,
};

export function apiKey<K extends RouteId>(id: K, options?: Pick<ApiOptions<K>, 'params' | 'query'>) {
  return options ? ([id, { params: options.params, query: options.query }] as const) : ([id] as const);
}

/**
 * Query options for a GET route: `useQuery(apiQuery('getListing', { params: { listingId } }))`.
 * react-query's signal cancels the request when the query is no longer wanted.
 */
export function apiQuery<K extends RouteId>(id: K, options?: Omit<ApiOptions<K>, 'signal' | 'body'>) {
  return queryOptions({
    queryKey: apiKey(id, options as Pick<ApiOptions<K>, 'params' | 'query'> | undefined),
    queryFn: ({ signal }) => (api as (id: K, options: object) => ReturnType<typeof api<K>>)(id, { ...options, signal }),
  });
}
