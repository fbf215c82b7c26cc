import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '@shared/api/contract';
import { api } from '@/lib/api';
import { apiKey } from '@/lib/query';

/** The broker's matches, both sides, a page of up to 200 at a time (grouped by requirement, then listing). */
export const matchesQuery = () =>
  infiniteQueryOptions({
    queryKey: apiKey('listMatches'),
    queryFn: ({ pageParam, signal }) => api('listMatches', { query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

/** PUT /match/{requirementId}/{listingId}: the broker's own decision (dismiss, restore, sent to client). */
export function useUpdateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requirementId, listingId, body }: { requirementId: string; listingId: string; body: RequestBody<'updateMatch'> }) =>
      api('updateMatch', { params: { requirementId, listingId }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('listMatches') }),
        queryClient.invalidateQueries({ queryKey: apiKey('countMatches') }),
      ]),
  });
}
