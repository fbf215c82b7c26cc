import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

export const vendorsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'vendors',
    staticData: { crumbs: [{ label: 'Vendors' }] },
    component: lazyRouteComponent(() => import('../pages/vendors-page'), 'VendorsPage'),
  }),
];
