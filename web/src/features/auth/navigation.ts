import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { appPaths } from '@/app/paths';
import { useAuth } from './use-auth';

/**
 * Where to go after sign-in: the guarded page the user came from (`?redirect=`), else the dashboard.
 * Only same-site paths are followed, so a crafted link cannot send a user elsewhere.
 */
export function afterSignInPath(redirect: string | undefined): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\')) return redirect;
  return appPaths.dashboard;
}

/**
 * Loads the new session and user record (a missing record is repaired by the API), then leaves, replacing
 * history. Signed in, the broker leaves even if the record failed to load: the page there offers the retry.
 */
export function useFinishSignIn() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (target: string) => {
      await refresh().catch(() => undefined);
      await navigate({ href: target, replace: true });
    },
    [refresh, navigate],
  );
}
