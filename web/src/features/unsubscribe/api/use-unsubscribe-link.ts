import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UnsubscribeLinkRequest, UnsubscribeLinkResponse, UnsubscribeRequest } from '@shared/api/schemas/auth';
import { api } from '@/lib/api';

const linkKey = (token: string) => ['unsubscribe-link', token] as const;

/** What the signed link names and the address's subscriptions now; reading changes nothing. */
export function useUnsubscribeLink(token: string) {
  return useQuery({ queryKey: linkKey(token), queryFn: () => api('getUnsubscribeLink', { query: { token } }), retry: false });
}

/** The page's buttons: turn off the mail's stream or everything, or turn on again what that turned off. */
export function useUnsubscribeLinkAction(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UnsubscribeLinkRequest) => api('updateUnsubscribeLink', { query: { token }, body: request }),
    onSuccess: (answer: UnsubscribeLinkResponse) => queryClient.setQueryData(linkKey(token), answer),
  });
}

/**
 * The form without a link: the server e-mails the address a signed link. Its answer says the same whether
 * or not the address has an account; "200" is sent, any other status carries the message to show.
 */
export function useRequestUnsubscribeLink() {
  return useMutation({ mutationFn: (request: UnsubscribeRequest) => api('unsubscribe', { body: request }) });
}
