import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from '@/app/root-route';

const text = z.string().trim().max(500).optional().catch(undefined);

/** Spec 01 §2: the account screens, public. Query strings prefill them; anything malformed is ignored. */
export const authRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    validateSearch: z.object({ email: text, message: text, redirect: text }),
    component: lazyRouteComponent(() => import('../pages/login-page'), 'LoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/signup',
    validateSearch: z.object({ email: text, firstName: text, lastName: text }),
    component: lazyRouteComponent(() => import('../pages/signup-page'), 'SignupPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/forgotPassword',
    component: lazyRouteComponent(() => import('../pages/forgot-password-page'), 'ForgotPasswordPage'),
  }),
];
