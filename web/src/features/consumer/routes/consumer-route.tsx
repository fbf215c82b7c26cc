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
 *          component: lazyRouteComponent(() => pages().then((page) => page.requirementsPage()), 'RequirementsPage'),
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
 *
 *    Page loaders: the pages' `import()`s live in the feature's routes/pages.ts
 *    (`export const requirementsPage = () => import('../pages/requirements-page');`), which routes/index.tsx
 *    loads lazily (`const pages = () => import('./pages');`). Vite lists every chunk a lazy page needs next
 *    to its `import()`, so a page imported from the route table would put that list (hashed file names of
 *    the page and all its dependencies) in front of every page, the landing page included (issue 7: ≤ 100 KB
 *    of JS there). The extra small request happens while the session is checked, before any page here shows.
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
import type { Crumb } from '../components/breadcrumbs';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Breadcrumb trail after "Home" (see the comment at the top of consumer-route.tsx). */
    crumbs?: readonly Crumb[];
  }
}

export const consumerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/consumer',
  // Through routes/pages.ts like the area's pages ("Page loaders" above).
  component: lazyRouteComponent(() => import('./pages').then((page) => page.consumerLayout()), 'ConsumerLayout'),
});
