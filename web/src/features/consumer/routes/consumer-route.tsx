/**
 * The `/consumer` layout route: sign-in guard, sidebar and breadcrumbs around every signed-in screen.
 * How a feature adds a screen under it: web/README.md "Adding a page".
 */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';
import type { Crumb } from '../components/breadcrumbs';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Breadcrumb trail after "Home"; the last entry, without `to`, is the current page. */
    crumbs?: readonly Crumb[];
  }
}

export const consumerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/consumer',
  // Through routes/pages.ts like the area's pages (web/README.md "Adding a page").
  component: lazyRouteComponent(() => import('./pages').then((page) => page.consumerLayout()), 'ConsumerLayout'),
});
