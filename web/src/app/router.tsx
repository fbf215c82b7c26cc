/**
 * The route tree: each feature's route table, under the root route or the `/consumer` layout. How to add a
 * screen: web/README.md "Adding a page".
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

/** /consumer/*: every screen of the signed-in area. */
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
