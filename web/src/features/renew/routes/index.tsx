import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';
import { textParam, type RawSearch } from '@/lib/search-params';

/** /renew?token=: the signed renew link of an expiry reminder; public, like /unsubscribe. */
export const renewRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/renew',
    validateSearch: (search: RawSearch): { token?: string } => ({ token: textParam(search.token, 4096) }),
    component: lazyRouteComponent(() => import('./pages').then((page) => page.renewPage()), 'RenewPage'),
  }),
];
