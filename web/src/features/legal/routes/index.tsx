import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';

// Through routes/pages.ts (why: web/README.md "Adding a page").
const pages = () => import('./pages');

/** Spec 01 §2: the three legal texts, public. */
export const legalRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/termsAndConditions',
    component: lazyRouteComponent(() => pages().then((page) => page.termsPage()), 'TermsPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/privacy',
    component: lazyRouteComponent(() => pages().then((page) => page.privacyPage()), 'PrivacyPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/copyright',
    component: lazyRouteComponent(() => pages().then((page) => page.copyrightPage()), 'CopyrightPage'),
  }),
];
