import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

const pages = () => import('./pages');

/** /consumer/matches. */
export const matchesRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'matches',
    staticData: { crumbs: [{ label: 'Matches' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.matchesPage()), 'MatchesPage'),
  }),
];
