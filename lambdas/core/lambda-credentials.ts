import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles only (esbuild `alias` in
 * lib/constructs/bisn-function.ts); the local stack and the tests load the SDK's own default chain.
 *
 * Lambda hands every function its role's credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY /
 * AWS_SESSION_TOKEN, valid for the life of the execution environment, and that is the first link of the
 * SDK's default chain, the one that answers on Lambda. The other links (SSO, ini files, credential
 * process, web identity, container and instance metadata) and the STS/SSO clients they carry were
 * ~130 KB of every bundle that never ran. (A function with SnapStart would get its credentials from
 * the container endpoint instead; none of ours uses it.)
 *
 * Same exports as the package it replaces, which is what the clients' runtime configs import. The SDK
 * memoises what the provider returns (resolveAwsSdkSigV4Config); without the variables a call fails
 * with fromEnv's "Unable to find environment variable credentials".
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]) => fromEnv(init);

interface MaybeExpiring {
  readonly expiration?: Date;
}

export const credentialsWillNeedRefresh = (credentials?: MaybeExpiring): boolean => credentials?.expiration !== undefined;

export const credentialsTreatedAsExpired = (credentials?: MaybeExpiring): boolean =>
  credentials?.expiration !== undefined && credentials.expiration.getTime() - Date.now() < 300_000;
