import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@shared/api/schemas/users';
import { ReviewNotice } from '@/features/auth/components/review-notice';
import { queryKeys } from '@/lib/query-keys';
import { createQueryClient } from '@/lib/query-client';
import { testUser } from '../support/user';

/** The notice with a resolved session of `user` (as after sign-in), inside a router as in the app. */
async function renderNotice(user: User | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, user && { cognitoId: user.cognitoId, user });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ReviewNotice /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await router.load();
}

describe('ReviewNotice', () => {
  it('tells an account awaiting approval that the team reviews it, typically in under 24 hours, and e-mails on approval', async () => {
    await renderNotice(testUser({ status: 'awaiting approval', approvedAt: null }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Your account is being reviewed…');
    expect(notice).toHaveTextContent(/typically in under 24 hours/);
    expect(notice).toHaveTextContent(/e-mail you/);
  });

  it('shows nothing for an approved account, a disabled one, or nobody', async () => {
    for (const user of [testUser({ status: 'active' }), testUser({ status: 'disabled' }), null]) {
      await renderNotice(user);
      expect(screen.queryByText('Your account is being reviewed…')).not.toBeInTheDocument();
    }
  });
});
