import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, lazyRouteComponent, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { HeaderBar } from '@/components/layout/header-bar';
import { SiteFooter } from '@/components/layout/site-footer';
import { useToastRaised } from '@/lib/toast';
import { appPaths } from './paths';

// Lazy, so the landing page (no header, no toasts) loads neither the auth code nor the API contract, and
// the toaster (sonner) loads with the first toast (lib/toast.ts).
const SiteHeader = lazy(() => import('@/components/layout/site-header').then((m) => ({ default: m.SiteHeader })));
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Available to every route's loader/beforeLoad as `context`. */
export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * The page frame: skip link, fixed header (not on the landing page, spec 01 §2), the route's page
 * (each page renders its own <main id="main">), the fixed footer, and the toast outlet.
 */
function RootLayout() {
  const isLanding = useRouterState({ select: (state) => state.location.pathname === '/' });
  const toastRaised = useToastRaised();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {!isLanding && (
        <Suspense fallback={<HeaderBar home={appPaths.landing} />}>
          <SiteHeader />
        </Suspense>
      )}
      <Outlet />
      <SiteFooter />
      {!isLanding && toastRaised && (
        <Suspense>
          <Toaster position="top-center" richColors closeButton />
        </Suspense>
      )}
    </div>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('@/components/layout/route-states'), 'NotFoundPage'),
});
