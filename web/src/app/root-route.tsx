import { createRootRoute, lazyRouteComponent, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { HeaderBar } from '@/components/layout/header-bar';
import { SiteFooter } from '@/components/layout/site-footer';
import { appPaths } from './paths';

// Lazy, so the landing page (no header, no toasts, no API data) loads neither react-query nor the auth
// code nor the API contract.
const loadSiteFrame = () => import('./site-frame');
const SiteFrame = lazy(() => loadSiteFrame().then((m) => ({ default: m.SiteFrame })));

const isLanding = (pathname: string) => pathname === appPaths.landing;

/** Starts loading what the page at `pathname` renders in (app/start.tsx, together with the page's own code). */
export function preloadFrame(pathname: string): void {
  if (!isLanding(pathname)) void loadSiteFrame().catch(() => undefined);
}

/**
 * The page frame: skip link, the site frame with the fixed header (not on the landing page, spec 01 §2)
 * around the route's page (each page renders its own <main id="main">), and the fixed footer.
 */
function RootLayout() {
  const landing = useRouterState({ select: (state) => isLanding(state.location.pathname) });
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {/* The page fills the screen above the footer, so the footer's place does not move when the page's
          lazily loaded code arrives (it did, by 0.1–0.18 CLS on phones, where the footer ends the content). */}
      <div className="flex min-h-dvh flex-1 flex-col footer-pinned:min-h-0">
        {landing ? (
          <Outlet />
        ) : (
          <Suspense fallback={<HeaderBar home={appPaths.landing} />}>
            <SiteFrame>
              <Outlet />
            </SiteFrame>
          </Suspense>
        )}
      </div>
      <SiteFooter />
    </div>
  );
}

export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: lazyRouteComponent(() => import('@/components/layout/route-states'), 'NotFoundPage'),
});
