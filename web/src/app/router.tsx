/**
 * The route tree.
 *
 * How to add screens: a feature exports its routes from `web/src/features/<feature>/routes/index.tsx`
 * as an array, each route made with `createRoute({ getParentRoute: () => rootRoute, path, ... })`
 * (or under a layout route of its own, e.g. the consumer area's `/consumer` layout with the sidebar,
 * whose children are added with `.addChildren([...])` in that feature). Keep page components lazy so
 * each screen is its own chunk:
 *
 *   export const legalRoutes = [
 *     createRoute({ getParentRoute: () => rootRoute, path: '/privacy',
 *       component: lazyRouteComponent(() => import('../pages/privacy-page'), 'PrivacyPage') }),
 *   ];
 *
 * then spread the array into `rootRoute.addChildren` below. Guard signed-in screens with
 * `<RequireAuth>` from features/auth. Each page renders one `<main id="main">` and a `<title>`.
 * Screens of the signed-in area (/consumer), and public screens that are rarely a first page, import
 * their pages through the feature's routes/pages.ts instead ("Page loaders" in
 * features/consumer/routes/consumer-route.tsx), so the route table, which every page loads first,
 * carries no list of their chunks.
 */
import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { PagePending } from '@/components/layout/page-pending';
import { authRoutes } from '@/features/auth/routes';
import { consumerFallbackRoutes, consumerRedirectRoutes, consumerRoute } from '@/features/consumer/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { landingRoutes } from '@/features/landing/routes';
import { legalRoutes } from '@/features/legal/routes';
import { listingsRoutes } from '@/features/listings/routes';
import { matchesRoutes } from '@/features/matches/routes';
import { brokersRoutes } from '@/features/brokers/routes';
import { savedSearchesRoutes } from '@/features/saved-searches/routes';
import { marketRoutes } from '@/features/market/routes';
import { operatorsRoutes } from '@/features/operators/routes';
import { profileRoutes } from '@/features/profile/routes';
import { requirementsRoutes } from '@/features/requirements/routes';
import { vendorsRoutes } from '@/features/vendors/routes';
import { unsubscribeRoutes } from '@/features/unsubscribe/routes';
import { renewRoutes } from '@/features/renew/routes';
import { rootRoute } from './root-route';

/** /consumer/*: every screen of the signed-in area (see features/consumer/routes/consumer-route.tsx). */
const consumerTree = consumerRoute.addChildren([
  ...dashboardRoutes,
  ...profileRoutes,
  ...vendorsRoutes,
  ...requirementsRoutes,
  ...listingsRoutes,
  ...matchesRoutes,
  ...brokersRoutes,
  ...savedSearchesRoutes,
  ...marketRoutes,
  ...operatorsRoutes,
  ...consumerFallbackRoutes,
]);

export const routeTree = rootRoute.addChildren([...landingRoutes, ...legalRoutes, ...authRoutes, ...unsubscribeRoutes, ...renewRoutes, consumerTree, ...consumerRedirectRoutes]);

export function createAppRouter({ history }: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingComponent: PagePending,
    defaultErrorComponent: lazyRouteComponent(() => import('@/components/layout/route-states'), 'RouteError'),
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
