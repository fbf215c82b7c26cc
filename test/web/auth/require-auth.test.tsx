import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig } from '../support/fake-backend';
import { testUser } from '../support/user';

/** A two-screen app: a guarded page and a login page, as the consumer area and /login will be. */
function renderGuarded(path: string) {
  const root = createRootRoute({ component: Outlet });
  const routeTree = root.addChildren([
    createRoute({
      getParentRoute: () => root,
      path: '/private',
      component: () => (
        <RequireAuth>
          <h1>Private page</h1>
        </RequireAuth>
      ),
    }),
    createRoute({ getParentRoute: () => root, path: '/login', component: () => <h1>Login page</h1> }),
  ]);
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('RequireAuth', () => {
  it('shows "Loading..." and then redirects a visitor to /login with the path to come back to', async () => {
    await startWithConfig();
    const router = renderGuarded('/private?tab=2');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login page' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ redirect: '/private?tab=2' }));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the page to a signed-in user', async () => {
    seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' });
    await startWithConfig(() => json(200, { user: testUser() }));
    renderGuarded('/private');

    expect(await screen.findByRole('heading', { name: 'Private page' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
