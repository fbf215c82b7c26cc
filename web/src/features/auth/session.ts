import { queryOptions } from '@tanstack/react-query';
import type { User } from '@shared/api/schemas/users';
import { hasStoredSession, loadAuth } from '@/lib/amplify';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { markSignedOut, rememberSession } from './session-storage';

/** A signed-in Cognito identity and its user record (undefined if the API has none: a failed sign-up). */
export interface Session {
  cognitoId: string;
  user: User | undefined;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

async function forgetAmplifySession(): Promise<void> {
  const { signOut } = await import('aws-amplify/auth');
  await signOut().catch(() => undefined);
}

/** Spec 02 §8: the user record could not be loaded; the session stays and the page offers a retry. */
export const userDetailsFailed = 'Failed to fetch user details';

function loadFailed(error: unknown): Error {
  console.error(userDetailsFailed, error);
  return new Error(userDetailsFailed, { cause: error });
}

/**
 * Restores the session from Amplify's cached tokens (refreshing them if needed) and loads the user
 * record. Null when nobody is signed in or the session cannot be restored (spec 01 §4). A refresh
 * refused with NotAuthorizedException clears the cached tokens (spec 01 §8). A network fault, while
 * refreshing or loading the record, is no sign-out: Amplify keeps its tokens, and this throws
 * "Failed to fetch user details" (logged) for the page to offer a retry.
 */
export async function restoreSession(): Promise<Session | null> {
  if (!hasStoredSession()) {
    markSignedOut();
    return null;
  }
  const { getCurrentUser, fetchAuthSession } = await loadAuth();
  let cognitoId: string;
  try {
    cognitoId = (await getCurrentUser()).userId;
    const { tokens } = await fetchAuthSession();
    if (!tokens?.accessToken || !tokens.idToken) throw new Error('session without tokens');
    rememberSession({ accessToken: tokens.accessToken.toString(), idToken: tokens.idToken.toString() });
  } catch (error) {
    if (errorName(error) === 'NetworkError') throw loadFailed(error);
    if (errorName(error) === 'NotAuthorizedException') await forgetAmplifySession();
    markSignedOut();
    return null;
  }

  // The API client (and its contract) is loaded only with a session to restore.
  const { api } = await import('@/lib/api');
  try {
    const { user } = await api('getUserByCognitoId', { params: { cognitoId } });
    return { cognitoId, user };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { cognitoId, user: undefined };
    // The API refused the token itself: this session is over, as with a refused refresh.
    if (error instanceof ApiError && error.status === 401) {
      await forgetAmplifySession();
      markSignedOut();
      return null;
    }
    throw loadFailed(error);
  }
}

/** The one query every auth consumer shares; refreshed explicitly (sign-in, profile saves, sign-out). */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: restoreSession,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  // A failed load is retried by the page's Try again, not by every component that mounts after it.
  retryOnMount: false,
});
