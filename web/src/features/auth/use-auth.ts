import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { User } from '@shared/api/schemas/users';
import { appPaths } from '@/app/paths';
import { loadAuth } from '@/lib/amplify';
import { queryKeys } from '@/lib/query-keys';
import { useActingFor, type ActingFor } from '@/lib/acting-for';
import { sessionQuery, type Session } from './session';
import { clearSession } from './session-storage';

/** `failed`: a session exists but its user record could not be loaded (a network fault); it stays signed in. */
export type AuthStatus = 'loading' | 'signedIn' | 'signedOut' | 'failed';

export interface Auth {
  status: AuthStatus;
  /** Why the session could not be loaded (status `failed`): "Failed to fetch user details" and its cause. */
  failure?: { message: string; cause: string };
  /** The user record; set once signed in (undefined only if the API has no record for this identity). */
  user?: User;
  /** Cognito `sub` of the signed-in user. */
  cognitoId?: string;
  /** Status "active": may create requirements and listings (the API decides; this only drives the UI). */
  isApproved: boolean;
  /** The broker this delegate works for now, chosen in the header; null when working for themselves. */
  actingFor: ActingFor | null;
  /** Whose listings and requirements "My …" shows and the owner's actions act on: the broker acted for, else the user. */
  ownerId?: string;
  /** Reloads the session and user record, e.g. right after `signIn` or after a profile change. */
  refresh: () => Promise<Session | null>;
  /** Revokes the refresh token at Cognito, forgets the session and cached data, and goes to / (spec 01 §4). */
  signOut: () => Promise<void>;
}

export function useAuth(): Auth {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const { data, isPending, error } = useQuery(sessionQuery);
  const actingFor = useActingFor();

  const refresh = useCallback(() => queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }), [queryClient]);

  const signOut = useCallback(async () => {
    try {
      const { revokeSession } = await loadAuth();
      // Signing out never fails for the broker: a revocation that could not be made is logged.
      await revokeSession().catch((error: unknown) => console.error('Revoking the session failed', error));
      const { signOut } = await import('aws-amplify/auth');
      await signOut();
    } finally {
      // The landing page's code first: rendered while it still loads, the router's lazy component
      // suspends in a way React 19.3 reports as a misuse of use() (TanStack/router lazyRouteComponent).
      await router.preloadRoute({ to: appPaths.landing }).catch(() => undefined);
      clearSession();
      // Leave the signed-in screens first: a guard that saw the session vanish while still mounted would
      // send the user to /login instead of /.
      await navigate({ href: appPaths.landing });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
      queryClient.setQueryData(queryKeys.session, null);
    }
  }, [navigate, queryClient, router]);

  const session = isPending ? undefined : (data ?? null);
  // A failed reload keeps the session it had; only a first load that failed has none to show.
  const failed = !isPending && !session && error !== null;
  return {
    status: isPending ? 'loading' : session ? 'signedIn' : failed ? 'failed' : 'signedOut',
    failure: failed ? { message: error.message, cause: error.cause instanceof Error ? error.cause.message : '' } : undefined,
    user: session?.user,
    cognitoId: session?.cognitoId,
    isApproved: session?.user?.status === 'active',
    actingFor,
    ownerId: actingFor?.brokerId ?? session?.user?._id,
    refresh,
    signOut,
  };
}
