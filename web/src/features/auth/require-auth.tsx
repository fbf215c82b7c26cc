import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { loginPath } from '@/app/paths';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from './use-auth';

/**
 * Guards signed-in screens (spec 01 §2): "Loading..." while the session resolves, the content when
 * signed in, otherwise a redirect to /login?redirect=<current path and search>. A session whose user
 * record failed to load stays signed in: the page says so and offers a retry.
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
  if (status === 'failed') return <SessionLoadFailed />;
  return (
    <p role="status" className="p-6 text-sm text-muted-foreground">
      Loading...
    </p>
  );
}

function SessionLoadFailed() {
  const { failure, refresh } = useAuth();
  const [retrying, setRetrying] = useState(false);

  async function retry() {
    setRetrying(true);
    // A second failure shows this again, with its own cause.
    await refresh().catch(() => undefined);
    setRetrying(false);
  }

  return (
    <div className="mx-auto w-full max-w-xl p-6">
      <Alert variant="destructive">
        <AlertTitle>{failure?.message}</AlertTitle>
        <AlertDescription>
          {failure?.cause && <p>{failure.cause}</p>}
          <p>You are still signed in; nothing is lost.</p>
          <Button variant="outline" size="sm" className="mt-2" disabled={retrying} onClick={() => void retry()}>
            {retrying && <Spinner />}
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    </div>
  );
}
