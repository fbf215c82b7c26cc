import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';

/** Spec 01 §2: the three legal texts, public. */
export const legalRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/termsAndConditions',
    component: lazyRouteComponent(() => import('../pages/terms-page'), 'TermsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/privacy',
    component: lazyRouteComponent(() => import('../pages/privacy-page'), 'PrivacyPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/copyright',
    component: lazyRouteComponent(() => import('../pages/copyright-page'), 'CopyrightPage'),
  }),
];
