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
