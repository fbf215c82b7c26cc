import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { User } from '@shared/api/schemas/users';
import type { Session } from '@/features/auth';
import { queryKeys } from '@/lib/query-keys';

/**
 * After a profile save or image upload (spec 02 §4 "Profile updates"): the answer's user goes into the
 * session at once (header avatar, dashboard tiles), then the session is refetched from the API.
 */
export function useApplyUser(): (user: User) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: User) => {
      queryClient.setQueryData<Session | null>(queryKeys.session, (session) => (session ? { ...session, user } : session));
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    },
    [queryClient],
  );
}
