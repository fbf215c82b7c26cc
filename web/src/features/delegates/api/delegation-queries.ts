import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RequestBody } from '@shared/api/contract';
import type { Delegation } from '@shared/api/schemas/delegations';
import { useAuth } from '@/features/auth';
import { api } from '@/lib/api';
import { apiKey, apiQuery } from '@/lib/query';

export const delegationsQuery = () => apiQuery('listDelegations');

/** The signed-in account's delegations both ways; nothing is asked before sign-in. */
export function useDelegations() {
  const { status } = useAuth();
  return useQuery({ ...delegationsQuery(), enabled: status === 'signedIn' });
}

/** The brokers the account may work for now: approved, their account active. */
export const workableBrokers = (delegations: readonly Delegation[] | undefined) =>
  (delegations ?? []).filter((d) => d.state === 'approved' && d.brokerActive);

function useInvalidateDelegations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: apiKey('listDelegations') });
}

export function useRequestDelegation() {
  const invalidate = useInvalidateDelegations();
  return useMutation({ mutationFn: (brokerEmail: string) => api('requestDelegation', { body: { brokerEmail } }), onSuccess: invalidate });
}

export function useUpdateDelegation() {
  const invalidate = useInvalidateDelegations();
  return useMutation({
    mutationFn: ({ delegation, body }: { delegation: Delegation; body: RequestBody<'updateDelegation'> }) =>
      api('updateDelegation', { params: { brokerId: delegation.brokerId, delegateId: delegation.delegateId }, body }),
    onSuccess: invalidate,
  });
}

/** Which step a delegation still waits for, in the delegate's words (the pending notice). */
export function missingStep(delegation: Delegation): string {
  const broker = delegation.broker.name || delegation.broker.email;
  switch (delegation.state) {
    case 'requested':
      return `Waiting for ${broker} to confirm your request.`;
    case 'confirmed':
      return `${broker} confirmed. Waiting for an operator to approve you as their delegate.`;
    case 'approved':
      return delegation.brokerActive ? `You can work for ${broker}: choose them in the header.` : `${broker}'s account is disabled: your access to their items is suspended.`;
    case 'declined':
      return `${broker} declined your request.`;
    case 'revoked':
      return `Your access as ${broker}'s delegate was revoked.`;
  }
}
