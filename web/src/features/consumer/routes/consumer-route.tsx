/**
 * The `/consumer` layout route: sign-in guard, sidebar and breadcrumbs around every consumer screen.
 *
 * HOW A FEATURE ADDS A SCREEN UNDER /consumer
 * 1. In web/src/features/<feature>/routes/index.tsx create child routes of this one, with paths relative
 *    to /consumer, and export them as an array:
 *
 *      import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
 *      import { consumerRoute } from '@/features/consumer/routes/consumer-route';
 *
 *      export const requirementsRoutes = [
 *        createRoute({
 *          getParentRoute: () => consumerRoute,
 *          path: 'requirements',                       // → /consumer/requirements
 *          staticData: { crumbs: [{ label: 'Requirements' }] },
 *          component: lazyRouteComponent(() => import('../pages/requirements-page'), 'RequirementsPage'),
 *        }),
 *        createRoute({
 *          getParentRoute: () => consumerRoute,
 *          path: 'requirement/$requirementId',         // → /consumer/requirement/abc
 *          staticData: { crumbs: [{ label: 'Requirements', to: consumerPaths.requirements }] },
 *          component: ...,
 *        }),
 *      ];
 *
 *    Import `consumerRoute` from THIS file (not from routes/index.tsx) to keep imports acyclic.
 * 2. Spread the array into `consumerRoute.addChildren([...])` in web/src/app/router.tsx.
 *
 * The guard (RequireAuth) is in the layout, so child routes need no guard of their own. Each page renders
 * its own `<main id="main">` and `<title>`. Breadcrumbs: "Home" (the dashboard) is always first; a route
 * adds the rest with `staticData.crumbs` (the last entry without `to` is the current page), and a page with
 * a dynamic name (a requirement's title) adds it with `useBreadcrumbTitle(title)` from
 * '@/features/consumer/components/breadcrumbs'. Paths: '@/features/consumer/paths' (`consumerPaths`).
 * Unknown /consumer/* paths fall back to the dashboard (routes/index.tsx).
 */
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';

export interface Crumb {
  readonly label: string;
  /** Link target; leave out for the current page. */
  readonly to?: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Breadcrumb trail after "Home" (see the comment at the top of consumer-route.tsx). */
    crumbs?: readonly Crumb[];
  }
}

export const consumerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/consumer',
  component: lazyRouteComponent(() => import('../components/consumer-layout'), 'ConsumerLayout'),
});
