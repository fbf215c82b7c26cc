import { createRoute, redirect } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';
import { consumerPaths } from '../paths';
import { consumerRoute } from './consumer-route';

export { consumerRoute } from './consumer-route';
export type { Crumb } from '../components/breadcrumbs';

const toDashboard = () => {
  throw redirect({ href: consumerPaths.dashboard, replace: true });
};

/** `/consumer` itself and any unknown `/consumer/*` path fall back to the dashboard (PRODUCT.md). */
export const consumerFallbackRoutes = [
  createRoute({ getParentRoute: () => consumerRoute, path: '/', beforeLoad: toDashboard }),
  createRoute({ getParentRoute: () => consumerRoute, path: '$', beforeLoad: toDashboard }),
];

/** The top-level `/dashboard` and `/requirements` redirect to their consumer pages (PRODUCT.md). */
export const consumerRedirectRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: '/dashboard', beforeLoad: toDashboard }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/requirements',
    beforeLoad: () => {
      throw redirect({ href: consumerPaths.requirements, replace: true });
    },
  }),
];
