/**
 * Paths of screens that other features register (auth screens, consumer area). They are plain
 * strings so links to them compile whether or not their route is in the tree yet; links to routes
 * that are registered should use the literal path, which TanStack Router checks.
 */
export const appPaths: Readonly<Record<'landing' | 'login' | 'signup' | 'unsubscribe' | 'dashboard', string>> = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  unsubscribe: '/unsubscribe',
  dashboard: '/consumer/dashboard',
};

/** /login?redirect=<path>: the sign-in screen returns there afterwards (spec 01 §2 "Route guard"). */
export function loginPath(redirect?: string): string {
  return redirect ? `${appPaths.login}?redirect=${encodeURIComponent(redirect)}` : appPaths.login;
}
