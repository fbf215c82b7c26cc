import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { marketSearch } from '../browse/market-search';

const pages = () => import('./pages');

/** /consumer/market: demand against supply by area, property type and deal type. */
export const marketRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'market',
    validateSearch: marketSearch,
    staticData: { crumbs: [{ label: 'Market' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.marketPage()), 'MarketPage'),
  }),
];
