import { Spinner } from '@/components/ui/spinner';

/**
 * Shown while a lazy route's code loads (after the router's pending delay). Kept apart from
 * route-states.tsx: it is in the entry chunk, the error and not-found screens load when they happen.
 */
export function PagePending() {
  return (
    <main id="main" className="flex flex-1 items-center justify-center p-10">
      <Spinner className="size-6 text-muted-foreground" />
    </main>
  );
}
