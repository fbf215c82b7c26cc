import { runtimeConfig, type RuntimeConfig } from '@/config/runtime-config';

/**
 * The local emulator has no SRP, so sign-in uses USER_PASSWORD_AUTH there and SRP in the cloud
 * (ARCHITECTURE.md). Pass it as `signIn({ ..., options: { authFlowType: signInAuthFlow() } })`.
 */
export function signInAuthFlow(config: RuntimeConfig = runtimeConfig()): 'USER_PASSWORD_AUTH' | 'USER_SRP_AUTH' {
  return config.cognitoEndpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
}

/**
 * Whether Amplify holds a signed-in user's tokens: it keeps them in local storage under
 * `CognitoIdentityServiceProvider.<client id>.LastAuthUser` (and the user's token keys). Without them
 * nobody is signed in, and the session needs no Amplify code at all (the public pages stay light).
 */
export function hasStoredSession(config: RuntimeConfig = runtimeConfig()): boolean {
  return localStorage.getItem(`CognitoIdentityServiceProvider.${config.userPoolClientId}.LastAuthUser`) !== null;
}

type AmplifySession = Pick<typeof import('./amplify-session'), 'fetchAuthSession' | 'getCurrentUser'> & {
  /** Revokes the refresh token and forgets the tokens (amplify-session.ts `revokeSession`). */
  revokeSession: () => Promise<void>;
};
let session: Promise<AmplifySession> | undefined;

/**
 * Amplify's session functions (`fetchAuthSession`, `getCurrentUser`, `revokeSession`), configured on first use. Imported
 * lazily so pages that never touch authentication (the landing page) do not download it. The account
 * flows (`signIn`, `signUp`, `signOut`, ...) are imported where they run, after this:
 *
 *   await loadAuth();
 *   const { signOut } = await import('aws-amplify/auth');
 */
export function loadAuth(): Promise<AmplifySession> {
  session ??= import('./amplify-session').then(({ configureAmplify, fetchAuthSession, getCurrentUser, revokeSession }) => {
    configureAmplify(runtimeConfig());
    return { fetchAuthSession, getCurrentUser, revokeSession: () => revokeSession(runtimeConfig()) };
  });
  return session;
}
