import { infiniteQueryOptions, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ResponseBody } from '@shared/api/contract';
import type { AuditAction } from '@shared/api/schemas/audit';
import type { Delegation } from '@shared/api/schemas/delegations';
import type { AdminUser, UserStatus } from '@shared/api/schemas/users';
import { api } from '@/lib/api';
import { apiKey } from '@/lib/query';
import { toast } from '@/lib/toast';

type Page = ResponseBody<'adminListUsers'>;

/** Accounts in one status, oldest first, page by page. */
export function accountsQuery(status: UserStatus) {
  return infiniteQueryOptions({
    queryKey: apiKey('adminListUsers', { query: { status } }),
    queryFn: ({ pageParam, signal }) =>
      api('adminListUsers', { query: { status, ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page) => last.nextCursor ?? undefined,
  });
}

/** The audit trail, newest first, page by page: every action, or one. */
export function auditLogQuery(action: AuditAction | undefined) {
  return infiniteQueryOptions({
    queryKey: apiKey('adminListAudit', { query: { action } }),
    queryFn: ({ pageParam, signal }) => api('adminListAudit', { query: { ...(action ? { action } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ResponseBody<'adminListAudit'>) => last.nextCursor ?? undefined,
  });
}

/** An admin list that takes no filter, page by page by cursor. */
function allPagesQuery<K extends 'adminListExports' | 'adminListDelegations'>(id: K) {
  const list = api as (id: K, options: { query: { cursor?: string }; signal: AbortSignal }) => Promise<ResponseBody<K>>;
  return infiniteQueryOptions({
    queryKey: apiKey(id),
    queryFn: ({ pageParam, signal }) => list(id, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ResponseBody<K>) => last.nextCursor ?? undefined,
  });
}

/** Every contact-list export, newest first. */
export const exportLogQuery = () => allPagesQuery('adminListExports');

/** The delegations brokers confirmed, oldest first: each awaits approval of its delegate. */
export const delegationQueueQuery = () => allPagesQuery('adminListDelegations');

/** A delegation's delegate or broker: the name, else the e-mail. */
export const partyName = (person: Delegation['delegate']) => person.name || person.email;

/**
 * Approve a confirmed delegation's delegate: approving the account as a delegate approves every delegation
 * its brokers confirmed (and the account, if new). The queue and the account lists are refetched afterwards.
 */
export function useApproveDelegate(delegation: Delegation) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('adminApproveUser', { params: { userId: delegation.delegateId } }),
    onSuccess: () => toast.success(`${partyName(delegation.delegate)} is approved as ${partyName(delegation.broker)}'s delegate.`),
    onError: (error) => toast.error(error.message),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiKey('adminListDelegations') }),
        queryClient.invalidateQueries({ queryKey: apiKey('adminListUsers') }),
      ]),
  });
}

export const fullName = (user: Pick<AdminUser, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

type Action = 'approve' | 'disable' | 'enable';
const routeOf = { approve: 'adminApproveUser', disable: 'adminDisableUser', enable: 'adminEnableUser' } as const;
const done: Record<Action, (name: string) => string> = {
  approve: (name) => `${name} is approved. The approval e-mail is on its way.`,
  disable: (name) => `${name} is disabled and signed out.`,
  enable: (name) => `${name} is enabled again.`,
};

/**
 * Approve, disable or enable one account. The row leaves its list at once (optimistic); if the server
 * refuses, it comes back and the refusal is shown. Every account list is refetched afterwards.
 */
export function useAccountAction(action: Action, from: UserStatus) {
  const queryClient = useQueryClient();
  const listKey = accountsQuery(from).queryKey;
  return useMutation({
    mutationFn: (user: AdminUser) => api(routeOf[action], { params: { userId: user._id } }),
    onMutate: async (user) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<InfiniteData<Page>>(listKey);
      queryClient.setQueryData<InfiniteData<Page>>(listKey, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((u) => u._id !== user._id) })) },
      );
      return { previous };
    },
    onError: (error, user, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      toast.error(`${fullName(user)}: ${error.message}`);
    },
    onSuccess: (_, user) => {
      toast.success(done[action](fullName(user)));
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: apiKey('adminListUsers') });
      await queryClient.invalidateQueries({ queryKey: apiKey('adminListAudit') });
    },
  });
}
