import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

export const dashboardRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'dashboard',
    staticData: { crumbs: [{ label: 'Dashboard' }] },
    component: lazyRouteComponent(() => import('../pages/dashboard-page'), 'DashboardPage'),
  }),
];
