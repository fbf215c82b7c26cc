import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { consumerPaths } from '@/features/consumer/paths';
import { brokersSearch } from '../browse/brokers-search';

const pages = () => import('./pages');

/** /consumer/brokers, /consumer/brokers/$userId, /consumer/lists and /consumer/lists/$listId. */
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
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'lists',
    staticData: { crumbs: [{ label: 'Lists' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.listsPage()), 'ListsPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'lists/$listId',
    staticData: { crumbs: [{ label: 'Lists', to: consumerPaths.lists }] },
    component: lazyRouteComponent(() => pages().then((page) => page.listPage()), 'ListPage'),
  }),
];
