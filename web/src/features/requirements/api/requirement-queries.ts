import { refreshCreationQuota } from '@/features/creation-quota/api/creation-quota';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RequestBody, RequestQuery } from '@shared/api/contract';
import type { Requirement, RequirementStatus, RequirementSummary } from '@shared/api/schemas/requirements';
import { api } from '@/lib/api';
import { failedTo } from '@/lib/api-error';
import { apiKey, apiQuery } from '@/lib/query';

export type RequirementFilters = Omit<RequestQuery<'listRequirements'>, 'cursor' | 'limit'>;

/** While one of the broker's own requirements is on its way (pending → sent), My requirements asks again this often. */
export const BROADCAST_POLL_MS = 3000;

/** Spec 02 §8: the Requirements browser's failure, shown as "Error fetching requirements: Failed to fetch requirements". */
export const requirementsFetchFailed = 'Failed to fetch requirements';

/** The Requirements browser: pages of 25 sent requirements, newest first, followed by cursor ("Load more"). */
export function browseRequirementsQuery(filters: RequirementFilters) {
  return infiniteQueryOptions({
    queryKey: apiKey('listRequirements', { query: filters }),
    queryFn: ({ pageParam, signal }) =>
      api('listRequirements', { query: { ...filters, cursor: pageParam }, signal }).catch((error: unknown) => {
        throw failedTo(requirementsFetchFailed, error);
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export const requirementQuery = (requirementId: string) => apiQuery('getRequirement', { params: { requirementId } });

// On its way = still in the broadcast's hands; sent and the closed statuses are settled.
const isOnItsWay = (requirement: RequirementSummary) => ['pending', 'queued', 'processing'].includes(requirement.status);

/** The broker's own requirements, every status (or one), newest first, a page at a time. */
export function myRequirementsQuery(userId: string, status?: RequirementStatus) {
  return infiniteQueryOptions({
    queryKey: apiKey('listMyRequirements', { params: { userId }, query: { status } }),
    queryFn: ({ pageParam, signal }) => api('listMyRequirements', { params: { userId }, query: { cursor: pageParam, status }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: Boolean(userId),
    // Watches a new requirement go pending → queued → processing → sent, then stops asking.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.items.some(isOnItsWay)) ? BROADCAST_POLL_MS : false,
  });
}

export function refreshRequirementLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: apiKey('listMyRequirements') }),
    queryClient.invalidateQueries({ queryKey: apiKey('listRequirements') }),
    queryClient.invalidateQueries({ queryKey: apiKey('countActiveRequirements') }),
  ]).then(() => undefined);
}

/**
 * The signed-in broker's requirements, kept fresh while any is still being broadcast. When one becomes
 * sent, the public list and the active count load again so it shows up there too.
 */
export function useMyRequirements(userId: string | undefined, status?: RequirementStatus) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(myRequirementsQuery(userId ?? '', status));
  const items = query.data?.pages.flatMap((page) => page.items);
  const sentIds = items?.filter((r) => r.status === 'sent').map((r) => r.requirementId).join() ?? '';
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== sentIds) {
      void queryClient.invalidateQueries({ queryKey: apiKey('listRequirements') });
      void queryClient.invalidateQueries({ queryKey: apiKey('countActiveRequirements') });
    }
    previous.current = sentIds;
  }, [queryClient, sentIds]);
  return { ...query, items: items ?? [] };
}

/** POST /requirement (approved brokers): saved as pending; the broadcast job sends it within a minute. */
export function useCreateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RequestBody<'createRequirement'>; idempotencyKey: string }) =>
      api('createRequirement', { body, idempotencyKey }),
    onSuccess: ({ requirement }) => {
      queryClient.setQueryData(requirementQuery(requirement.requirementId).queryKey, { requirement });
      void refreshRequirementLists(queryClient);
      void refreshCreationQuota(queryClient);
    },
  });
}

/**
 * The owner's edit, fill, withdraw and renew: each answers the requirement as it is now, which
 * replaces the cached detail; the lists, the active count and the matches load again.
 */
export function useRequirementAction<K extends 'updateRequirement' | 'fillRequirement' | 'withdrawRequirement' | 'renewRequirement'>(id: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requirementId, body }: { requirementId: string; body?: RequestBody<K> }) =>
      (api as (id: K, options: object) => Promise<{ requirement: Requirement }>)(id, { params: { requirementId }, ...(body === undefined ? {} : { body }) }),
    onSuccess: ({ requirement }) => {
      queryClient.setQueryData(requirementQuery(requirement.requirementId).queryKey, { requirement });
      void refreshRequirementLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: apiKey('listMatches') });
      void queryClient.invalidateQueries({ queryKey: apiKey('listRequirementMatches') });
    },
  });
}
