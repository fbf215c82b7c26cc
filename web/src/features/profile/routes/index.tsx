import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

export const profileRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'profile',
    staticData: { crumbs: [{ label: 'My Profile' }] },
    component: lazyRouteComponent(() => import('../pages/profile-page'), 'ProfilePage'),
  }),
];
