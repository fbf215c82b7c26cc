import { Amplify, type ResourcesConfig } from '@aws-amplify/core';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';

export { fetchAuthSession } from '@aws-amplify/core';
export { getCurrentUser } from 'aws-amplify/auth/cognito';

/**
 * Amplify with the user pool's token provider only. `Amplify.configure` from `aws-amplify` would also
 * wire the identity-pool credentials provider, which BISN does not use; this keeps it out of the bundle.
 */
export function configureAmplify(config: ResourcesConfig): void {
  cognitoUserPoolsTokenProvider.setAuthConfig(config.Auth!);
  Amplify.configure(config, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
}
