import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { consumerPaths } from '@/features/consumer/paths';
import { brokersSearch } from '../browse/brokers-search';

const pages = () => import('./pages');

/** /consumer/brokers and /consumer/brokers/$userId (issue 15). */
export const brokersRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'brokers',
    validateSearch: brokersSearch,
    staticData: { crumbs: [{ label: 'Brokers' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.brokersPage()), 'BrokersPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'brokers/$userId',
    staticData: { crumbs: [{ label: 'Brokers', to: consumerPaths.brokers }] },
    component: lazyRouteComponent(() => pages().then((page) => page.brokerPage()), 'BrokerPage'),
  }),
];
