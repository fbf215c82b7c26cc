import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

const pages = () => import('./pages');

/** /consumer/saved-searches (issue 19). */
export const savedSearchesRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'saved-searches',
    staticData: { crumbs: [{ label: 'Saved Searches' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.savedSearchesPage()), 'SavedSearchesPage'),
  }),
];
