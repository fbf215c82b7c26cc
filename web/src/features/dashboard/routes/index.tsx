import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

const pages = () => import('./pages');

export const dashboardRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'dashboard',
    staticData: { crumbs: [{ label: 'Dashboard' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.dashboardPage()), 'DashboardPage'),
  }),
];
