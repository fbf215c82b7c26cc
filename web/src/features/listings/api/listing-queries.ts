import { refreshCreationQuota } from '@/features/creation-quota/api/creation-quota';
import { infiniteQueryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RequestBody, RequestQuery } from '@shared/api/contract';
import type { Listing, ListingSummary } from '@shared/api/schemas/listings';
import { api } from '@/lib/api';
import { failedTo } from '@/lib/api-error';
import { apiKey, apiQuery } from '@/lib/query';

export type ListingFilters = Omit<RequestQuery<'listListings'>, 'cursor' | 'limit'>;

/** Spec 02 §8: the Listings browser's failure, shown as "Error fetching listings: Failed to fetch listings". */
export const listingsFetchFailed = 'Failed to fetch listings';

/** The Listings browser: pages of 25, newest first, followed by cursor ("Load more"). */
export function browseListingsQuery(filters: ListingFilters) {
  return infiniteQueryOptions({
    queryKey: apiKey('listListings', { query: filters }),
    queryFn: ({ pageParam, signal }) =>
      api('listListings', { query: { ...filters, cursor: pageParam }, signal }).catch((error: unknown) => {
        throw failedTo(listingsFetchFailed, error);
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const listingQuery = (listingId: string) => apiQuery('getListing', { params: { listingId } });

/** While the blast is sending one of the broker's listings, My listings asks again this often… */
export const BLAST_POLL_MS = 3000;
/** …and while one waits for the next blast, this often (one small GET; paused while the tab is hidden). */
export const QUEUED_POLL_MS = 15_000;

/** The broker's own listings, every status, kept fresh while one is on its way to the blast. */
export const myListingsQuery = (userId: string) => ({
  ...apiQuery('listMyListings', { params: { userId } }),
  refetchInterval: (query: { state: { data?: { items: Pick<ListingSummary, 'status'>[] } } }) => {
    const statuses = new Set(query.state.data?.items.map((listing) => listing.status));
    if (statuses.has('processing')) return BLAST_POLL_MS;
    return statuses.has('queued') ? QUEUED_POLL_MS : false;
  },
});

/** After a listing changed: its detail holds the new answer; lists that show it load again. */
export function rememberListing(queryClient: QueryClient, listing: Listing): void {
  queryClient.setQueryData(listingQuery(listing.listingId).queryKey, { listing });
}

export function refreshListingLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKey('listMyListings') }),
    queryClient.invalidateQueries({ queryKey: apiKey('listListings') }),
    queryClient.invalidateQueries({ queryKey: apiKey('countRecentListings') }),
  ]).then(() => undefined);
}

/** POST /listing: an empty draft owned by the caller (approved brokers only). */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('createListing', { idempotencyKey: crypto.randomUUID() }),
    onSuccess: ({ listing }) => {
      rememberListing(queryClient, listing);
      void refreshListingLists(queryClient);
      void refreshCreationQuota(queryClient);
    },
  });
}

/**
 * After a delete: the listing's detail is dropped from the cache and the lists load again, and so does
 * the day's quota (a draft deleted the day it was created gives its count back).
 */
export function forgetListing(queryClient: QueryClient, listingId: string): void {
  queryClient.removeQueries({ queryKey: listingQuery(listingId).queryKey });
  void refreshListingLists(queryClient);
  void refreshCreationQuota(queryClient);
}

/**
 * DELETE /listing/{id}, from My listings and the editor (Abandon Draft, or closing a draft left empty).
 * `onDeleted` runs before the cache forgets the listing: the editor closes its drawer first, which would
 * otherwise ask again for the listing it shows.
 */
export function useDeleteListing({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) => api('deleteListing', { params: { listingId } }),
    onSuccess: (_, listingId) => {
      onDeleted?.();
      forgetListing(queryClient, listingId);
    },
  });
}

/**
 * The editor's Publish Listing; one `idempotencyKey` per publishing of a draft, so a retry after a lost
 * answer repeats it instead of failing as published. `onPublished` runs first (the editor closes its
 * drawer, which must not show a listing that is no longer a draft), then the cache holds the published
 * listing and the lists load again.
 */
export function usePublishListing({ onPublished }: { onPublished?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, idempotencyKey }: { listingId: string; idempotencyKey: string }) =>
      api('publishListing', { params: { listingId }, idempotencyKey }),
    onSuccess: ({ listing }) => {
      onPublished?.();
      rememberListing(queryClient, listing);
      void refreshListingLists(queryClient);
    },
  });
}

/** The owner's renew, sold or leased, and price change: the listing as it is now replaces the cache. */
export function useListingAction<K extends 'renewListing' | 'closeListing' | 'changeListingPrice'>(id: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listingId, body }: { listingId: string; body?: RequestBody<K> }) =>
      (api as (id: K, options: object) => Promise<{ listing: Listing }>)(id, { params: { listingId }, ...(body === undefined ? {} : { body }) }),
    onSuccess: ({ listing }) => {
      rememberListing(queryClient, listing);
      void refreshListingLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: apiKey('listMatches') });
    },
  });
}
