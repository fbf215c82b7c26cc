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
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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

  it('keeps a session whose user record failed to load signed in, says so, and loads it on retry', async () => {
    seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' });
    let offline = true;
    await startWithConfig(() => {
      // fetch itself rejects, as the browser's does when the network drops.
      if (offline) throw new TypeError('Failed to fetch');
      return json(200, { user: testUser() });
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderGuarded('/private');

    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Failed to fetch user details');
    expect(alert).toHaveTextContent('Network error');
    expect(router.state.location.pathname).toBe('/private');
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(logged).toHaveBeenCalledWith('Failed to fetch user details', expect.objectContaining({ code: 'NetworkError' }));

    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Private page' })).toBeInTheDocument();
    logged.mockRestore();
  });
});
