import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';

const pages = () => import('./pages');

export const profileRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'profile',
    staticData: { crumbs: [{ label: 'My Profile' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.profilePage()), 'ProfilePage'),
  }),
];
