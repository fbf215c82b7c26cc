import { infiniteQueryOptions } from '@tanstack/react-query';
import type { RequestQuery } from '@shared/api/contract';
import { api } from '@/lib/api';
import { apiKey, apiQuery } from '@/lib/query';

export type DirectoryFilters = Omit<RequestQuery<'listBrokers'>, 'cursor' | 'limit'>;

/** The directory, 25 brokers a page, for the URL's filters. */
export function directoryQuery(filters: DirectoryFilters) {
  return infiniteQueryOptions({
    queryKey: apiKey('listBrokers', { query: filters }),
    queryFn: ({ pageParam, signal }) => api('listBrokers', { query: { ...filters, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const brokerPageQuery = (userId: string) => apiQuery('getBrokerPage', { params: { userId } });
