import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RenewLinkResponse } from '@shared/api/schemas/requirements';
import { api } from '@/lib/api';

const linkKey = (token: string) => ['renew-link', token] as const;

/** What a reminder's renew link names and whether it still works; reading changes nothing. */
export function useRenewLink(token: string) {
  return useQuery({ queryKey: linkKey(token), queryFn: () => api('getRenewLink', { query: { token } }), retry: false });
}

/** The page's button: renews once. */
export function useUseRenewLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('useRenewLink', { query: { token } }),
    onSuccess: (answer: RenewLinkResponse) => queryClient.setQueryData(linkKey(token), answer),
  });
}
