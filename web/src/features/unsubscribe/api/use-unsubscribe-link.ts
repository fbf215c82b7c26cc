import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeLinkResponse } from '@shared/api/schemas/auth';
import { api } from '@/lib/api';

const linkKey = (token: string) => ['unsubscribe-link', token] as const;

/** What the signed link names and the address's subscriptions now; reading changes nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({ queryKey: linkKey(token), queryFn: () => api('getUnsubscribeLink', { query: { token } }), retry: false });
}

/** The page's buttons: the categories the address keeps. */
export function useSetLinkSubscriptions(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: string[]) => api('updateUnsubscribeLink', { query: { token }, body: { subscribed } }),
    onSuccess: (answer: UnsubscribeLinkResponse) => queryClient.setQueryData(linkKey(token), answer),
  });
}
