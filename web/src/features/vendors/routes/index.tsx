import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

const pages = () => import('./pages');

export const vendorsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'vendors',
    staticData: { crumbs: [{ label: 'Vendors' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.vendorsPage()), 'VendorsPage'),
  }),
];
