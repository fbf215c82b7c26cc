import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@/features/auth';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig, testConfig } from '../support/fake-backend';
import { loadAuth } from '@/lib/amplify';
import { renderApp } from '../support/render-app';
import { testUser } from '../support/user';

/** The header is lazy: its fallback frame is replaced, so find elements first and the banner after. */
const header = () => screen.getByRole('banner');
/** The first use of authentication imports Amplify, which takes a moment in a cold test worker. */
const authLoad = { timeout: 5000 };

describe('header', () => {
  describe('signed out', () => {
    beforeEach(async () => {
      await startWithConfig();
    });

    it('shows Login and Sign Up, and the logo links to /', async () => {
      renderApp('/privacy');

      expect(await screen.findByRole('link', { name: 'Login' }, authLoad)).toHaveAttribute('href', '/login');
      expect(within(header()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      expect(within(header()).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
      expect(within(header()).getByRole('link', { name: 'BISN home' })).toHaveAttribute('href', '/');
      expect(within(header()).queryByRole('button', { name: 'Sign Out' })).not.toBeInTheDocument();
      expect(localStorage.getItem(storageKeys.isAuthenticated)).toBe('false');
    });
  });

  describe('signed in', () => {
    let tokens: { idToken: string; accessToken: string };
    let userRequests: Array<{ path: string; authorization: string | null }>;
    let cognitoCalls: Array<{ target: string; body: unknown }>;

    beforeEach(async () => {
      tokens = seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' });
      userRequests = [];
      cognitoCalls = [];
      await startWithConfig((request) => {
        const target = request.headers.get('X-Amz-Target');
        if (target) {
          cognitoCalls.push({ target, body: JSON.parse(String(request.body)) });
          return json(200, {});
        }
        userRequests.push({ path: request.url.pathname, authorization: request.headers.get('Authorization') });
        return json(200, { user: testUser() });
      });
    });

    it('shows Sign Out and the initials avatar, the logo links to the dashboard, and the tokens are kept', async () => {
      renderApp('/privacy');

      await screen.findByRole('button', { name: 'Sign Out' }, authLoad);
      expect(within(header()).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
      expect(within(header()).getByRole('img', { name: 'Ada Lovelace' })).toHaveTextContent('AL');
      expect(within(header()).getByRole('link', { name: 'BISN home' })).toHaveAttribute('href', '/consumer/dashboard');
      // One read of the user record, with the ID token; the header's lazy "Working for" may ask for /delegations
      // before or after this point, as its code arrives.
      expect(userRequests.filter((r) => r.path.startsWith('/user/'))).toEqual([{ path: '/user/cognito/cognito-sub-1', authorization: `Bearer ${tokens.idToken}` }]);
      expect(localStorage.getItem(storageKeys.idToken)).toBe(tokens.idToken);
      expect(localStorage.getItem(storageKeys.accessToken)).toBe(tokens.accessToken);
      expect(localStorage.getItem(storageKeys.isAuthenticated)).toBe('true');
    });

    it('Sign Out clears the session and goes to /', async () => {
      const { router } = renderApp('/privacy');

      await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }, authLoad));

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Connect. Collaborate. Conquer.' })).toBeInTheDocument();
      for (const key of Object.values(storageKeys)) expect(localStorage.getItem(key)).toBeNull();
      expect(Object.keys(localStorage).filter((key) => key.endsWith('.idToken'))).toEqual([]);
      // The refresh token is revoked at Cognito (spec 01 §7), once.
      expect(cognitoCalls).toEqual([
        { target: 'AWSCognitoIdentityProviderService.RevokeToken', body: { ClientId: testConfig.userPoolClientId, Token: 'refresh-token' } },
      ]);
    });

    it('revoking without a session says "No Access token available" (spec 01 §8)', async () => {
      localStorage.clear();
      const { revokeSession } = await loadAuth();
      await expect(revokeSession()).rejects.toThrow('No Access token available');
      expect(cognitoCalls).toEqual([]);
    });
  });
});
