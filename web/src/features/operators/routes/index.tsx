import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

const pages = () => import('./pages');

/** /consumer/operators: the operator page (PRODUCT.md "Accounts and approval"); the page checks the group. */
export const operatorsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'operators',
    staticData: { crumbs: [{ label: 'Operators' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.operatorsPage()), 'OperatorsPage'),
  }),
];
