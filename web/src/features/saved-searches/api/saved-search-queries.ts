import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '@shared/api/contract';
import { api } from '@/lib/api';
import { apiKey, apiQuery } from '@/lib/query';

export const savedSearchesQuery = () => apiQuery('listSavedSearches');

/** After any change: the Saved searches page reads again. */
function useInvalidateSearches() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKey('listSavedSearches') });
}

export function useCreateSavedSearch() {
  const invalidate = useInvalidateSearches();
  return useMutation({ mutationFn: (body: RequestBody<'createSavedSearch'>) => api('createSavedSearch', { body }), onSuccess: invalidate });
}

export function useUpdateSavedSearch() {
  const invalidate = useInvalidateSearches();
  return useMutation({
    mutationFn: ({ savedSearchId, body }: { savedSearchId: string; body: RequestBody<'updateSavedSearch'> }) => api('updateSavedSearch', { params: { savedSearchId }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteSavedSearch() {
  const invalidate = useInvalidateSearches();
  return useMutation({ mutationFn: (savedSearchId: string) => api('deleteSavedSearch', { params: { savedSearchId } }), onSuccess: invalidate });
}
