import { useMutation } from '@tanstack/react-query';
import type { RequestBody } from '@shared/api/contract';
import { useAuth } from '@/features/auth';
import { api, ApiError } from '@/lib/api';
import { useApplyUser } from './use-apply-user';

type UserUpdateRoute = 'updatePersonalInfo' | 'updateBrokerInfo' | 'updateSubscriptions';

/** Saves one part of the signed-in user's profile; on success the session's user is replaced and refetched. */
export function useUpdateUser<K extends UserUpdateRoute>(routeId: K) {
  const { user } = useAuth();
  const applyUser = useApplyUser();
  return useMutation({
    mutationFn: (body: RequestBody<K>) => {
      if (!user) throw new ApiError('NotAuthenticated', 401, 'User is not authenticated');
      const call = api as (id: UserUpdateRoute, options: { params: { userId: string }; body: unknown }) => ReturnType<typeof api<K>>;
      return call(routeId, { params: { userId: user._id }, body });
    },
    onSuccess: ({ user: saved }) => applyUser(saved),
  });
}
