import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

/** /consumer/operators: the operator page (PRODUCT.md "Accounts and approval"); the page checks the group. */
export const operatorsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'operators',
    staticData: { crumbs: [{ label: 'Operators' }] },
    component: lazyRouteComponent(() => import('../pages/operators-page'), 'OperatorsPage'),
  }),
];
