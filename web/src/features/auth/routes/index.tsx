import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';
import { textParam, type RawSearch } from '@/lib/search-params';

// Sign-up and password reset load through routes/pages.ts (why: web/README.md "Adding a page");
// they are mostly reached by a link, which loads them on hover. The sign-in screen, a common first page,
// stays direct so it loads in one round trip.
const pages = () => import('./pages');

export interface LoginSearch {
  email?: string;
  /** A green notice, e.g. "Successfully Reset Password". */
  message?: string;
  /** The guarded page to return to. */
  redirect?: string;
}

export interface SignupSearch {
  email?: string;
  firstName?: string;
  lastName?: string;
}

/** Spec 01 §2: the account screens, public. Query strings prefill them; anything malformed is dropped. */
export const authRoutes = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    validateSearch: (search: RawSearch): LoginSearch => ({
      email: textParam(search.email, 254),
      message: textParam(search.message, 200),
      redirect: textParam(search.redirect, 2000),
    }),
    component: lazyRouteComponent(() => import('../pages/login-page'), 'LoginPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/signup',
    validateSearch: (search: RawSearch): SignupSearch => ({
      email: textParam(search.email, 254),
      firstName: textParam(search.firstName, 100),
      lastName: textParam(search.lastName, 100),
    }),
    component: lazyRouteComponent(() => pages().then((page) => page.signupPage()), 'SignupPage'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/forgotPassword',
    component: lazyRouteComponent(() => pages().then((page) => page.forgotPasswordPage()), 'ForgotPasswordPage'),
  }),
];
