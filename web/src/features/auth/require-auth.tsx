import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { loginPath } from '@/app/paths';
import { useAuth } from './use-auth';

/**
 * Guards signed-in screens (spec 01 §2): "Loading..." while the session resolves, the content when
 * signed in, otherwise a redirect to /login?redirect=<current path and search>.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const href = useRouterState({ select: (state) => state.location.href });
  const navigate = useNavigate();
  // The guard stays mounted for a moment after the location changes to /login; redirect only once.
  const redirected = useRef(false);

  useEffect(() => {
    if (status !== 'signedOut' || redirected.current) return;
    redirected.current = true;
    void navigate({ href: loginPath(href), replace: true });
  }, [status, href, navigate]);

  if (status === 'signedIn') return children;
  return (
    <p role="status" className="p-6 text-sm text-muted-foreground">
      Loading...
    </p>
  );
}
