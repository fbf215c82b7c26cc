import { queryOptions } from '@tanstack/react-query';
import type { RouteId } from '@shared/api/routes';
import { api, type ApiOptions } from './api';

/**
 * API data is keyed by route id first, so `invalidateQueries({ queryKey: apiKey('listMyListings') })`
 * refreshes every page and filter of that route. Other keys: lib/query-keys.ts.
 */
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
