import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '@/app/root-route';
import { textParam, type RawSearch } from '@/lib/search-params';

// The account screens load through routes/pages.ts (why: web/README.md "Adding a page"): imported here,
// the sign-in screen's list of chunks (its forms, the auth code, the API contract) was in front of every
// page, the landing page included. Mostly reached by a link, they load on hover; a first visit to /login
// loads the small pages chunk while the runtime configuration is fetched (app/start.tsx).
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
    component: lazyRouteComponent(() => pages().then((page) => page.loginPage()), 'LoginPage'),
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
