import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';
import { textParam, type RawSearch } from '@/lib/search-params';

/** Spec 01 §2: /unsubscribe; `?token=` is the signed link every broadcast e-mail shows. */
export const unsubscribeRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/unsubscribe',
    validateSearch: (search: RawSearch): { token?: string } => ({ token: textParam(search.token, 1024) }),
    component: lazyRouteComponent(() => import('./pages').then((page) => page.unsubscribePage()), 'UnsubscribePage'),
  }),
];
