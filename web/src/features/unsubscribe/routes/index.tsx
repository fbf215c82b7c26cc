import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '@/app/root-route';

/** Spec 01 §2: /unsubscribe; `?token=` is the signed link every broadcast e-mail shows. */
export const unsubscribeRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/unsubscribe',
    validateSearch: z.object({ token: z.string().max(1024).optional().catch(undefined) }),
    component: lazyRouteComponent(() => import('../pages/unsubscribe-page'), 'UnsubscribePage'),
  }),
];
