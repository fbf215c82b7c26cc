import { Amplify, type ResourcesConfig } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import type { RuntimeConfig } from '@/config/runtime-config';

// Amplify's configuration and session functions, loaded on first use by loadAuth() (lib/amplify.ts).

export { fetchAuthSession } from '@aws-amplify/core';
export { getCurrentUser } from 'aws-amplify/auth/cognito';

/**
 * Identity-provider client configuration (spec 01 §5), checked without zod (every signed-in page loads
 * this module). Throws the spec's message ("Both UserPoolId and ClientId are required." / "Invalid
 * UserPoolId format.").
 */
export function assertUserPoolConfig({ userPoolId, userPoolClientId }: Pick<RuntimeConfig, 'userPoolId' | 'userPoolClientId'>): void {
  if (!userPoolId || !userPoolClientId) throw new Error('Both UserPoolId and ClientId are required.');
  if (userPoolId.length > 55 || !/^[\w-]+_[0-9a-zA-Z]+$/.test(userPoolId)) throw new Error('Invalid UserPoolId format.');
}

export function amplifyConfig(config: RuntimeConfig): ResourcesConfig {
  assertUserPoolConfig(config);
  return {
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Points Amplify at the local Cognito emulator; the cloud uses the regional endpoint.
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  };
}

/**
 * Amplify with the user pool's token provider only. `Amplify.configure` from `aws-amplify` would also
 * wire the identity-pool credentials provider, which BISN does not use; this keeps it out of the bundle.
 */
export function configureAmplify(config: RuntimeConfig): void {
  const resources = amplifyConfig(config);
  cognitoUserPoolsTokenProvider.setAuthConfig(resources.Auth!);
  Amplify.configure(resources, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}

/** Spec 01 §8: revoking without an access token. */
export const noAccessTokenMessage = 'No Access token available';

/**
 * Revokes the session's refresh token at Cognito (RevokeToken, spec 01 §7), so a copy of it left in this
 * browser can no longer mint tokens, then forgets the tokens; other devices stay signed in. Throws "No
 * Access token available" without a session. Amplify's own sign-out revokes only tokens carrying
 * `origin_jti` (Cognito's do, the local emulator's do not) and swallows any failure; this says what failed.
 */
export async function revokeSession(config: RuntimeConfig): Promise<void> {
  const store = cognitoUserPoolsTokenProvider.authTokenStore;
  const tokens = await store.loadTokens();
  if (!tokens?.accessToken) throw new Error(noAccessTokenMessage);
  if (tokens.refreshToken) {
    const endpoint = config.cognitoEndpoint ?? `https://cognito-idp.${config.region}.amazonaws.com/`;
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': 'AWSCognitoIdentityProviderService.RevokeToken' },
      body: JSON.stringify({ ClientId: config.userPoolClientId, Token: tokens.refreshToken }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { __type?: string; message?: string };
      throw new Error(`RevokeToken failed: ${body.message ?? body.__type ?? `HTTP ${response.status}`}`);
    }
  }
  // Amplify's sign-out then only forgets: it finds no token to revoke a second time.
  await store.clearTokens();
}
