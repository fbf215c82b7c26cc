import type { ResourcesConfig } from 'aws-amplify';
import { userPoolConfig } from '@shared/api/schemas/auth';
import { runtimeConfig, type RuntimeConfig } from '@/config/runtime-config';

/** Throws the spec's message ("Both UserPoolId and ClientId are required." / "Invalid UserPoolId format."). */
export function assertUserPoolConfig(config: Pick<RuntimeConfig, 'userPoolId' | 'userPoolClientId'>): void {
  const result = userPoolConfig.safeParse({ userPoolId: config.userPoolId, clientId: config.userPoolClientId });
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid user pool configuration.');
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
 * The local emulator has no SRP, so sign-in uses USER_PASSWORD_AUTH there and SRP in the cloud
 * (ARCHITECTURE.md). Pass it as `signIn({ ..., options: { authFlowType: signInAuthFlow() } })`.
 */
export function signInAuthFlow(config: RuntimeConfig = runtimeConfig()): 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH' {
  return config.cognitoEndpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
}

type AuthModule = typeof import('aws-amplify/auth');
let auth: Promise<AuthModule> | undefined;

/**
 * Amplify Auth, configured on first use. Imported lazily so pages that never touch authentication
 * (the landing page) do not download it.
 * Usage: `const { signIn } = await loadAuth();`
 */
export function loadAuth(): Promise<AuthModule> {
  auth ??= Promise.all([import('aws-amplify'), import('aws-amplify/auth')]).then(([{ Amplify }, module]) => {
    Amplify.configure(amplifyConfig(runtimeConfig()));
    return module;
  });
  return auth;
}
