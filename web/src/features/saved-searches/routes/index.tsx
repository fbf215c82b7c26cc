import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { textParam, type RawSearch } from '@/lib/search-params';

const pages = () => import('./pages');

export interface SavedSearchesSearch {
  /** The pause mail's "Keep it": the search to resume. */
  keep?: string;
}

/** /consumer/saved-searches. */
export const savedSearchesRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'saved-searches',
    validateSearch: (search: RawSearch): SavedSearchesSearch => ({ keep: textParam(search.keep, 100) }),
    staticData: { crumbs: [{ label: 'Saved Searches' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.savedSearchesPage()), 'SavedSearchesPage'),
  }),
];
