import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useAuth } from '@/features/auth';
import { apiKey, apiQuery } from '@/lib/query';

/** What the signed-in broker may still create today (GET /user/quota/{userId}); approved accounts only. */
export function useCreationQuota() {
  const { ownerId, isApproved } = useAuth();
  return useQuery({ ...apiQuery('getCreationQuota', { params: { userId: ownerId ?? '' } }), enabled: Boolean(ownerId) && isApproved });
}

/** After a create: the quota is read again. */
export function refreshCreationQuota(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: apiKey('getCreationQuota') });
}
