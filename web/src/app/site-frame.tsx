import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { SiteHeader } from '@/components/layout/site-header';
import { createQueryClient } from '@/lib/query-client';
import { useToastRaised } from '@/lib/toast';

// The toaster (sonner) loads with the first toast (lib/toast.ts).
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The app's one react-query client. It loads with this frame, so the landing page does without it. */
export const queryClient = createQueryClient();

/**
 * What every page but the landing page has around it (root-route.tsx): react-query's client, the fixed
 * header (spec 01 §2) and the toast outlet.
 */
export function SiteFrame({ children }: { children: ReactNode }) {
  const toastRaised = useToastRaised();
  return (
    <QueryClientProvider client={queryClient}>
      <SiteHeader />
      {children}
      {toastRaised && (
        <Suspense>
          <Toaster position="top-center" richColors closeButton />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
