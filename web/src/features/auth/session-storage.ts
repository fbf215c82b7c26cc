import { setActingFor } from '@/lib/acting-for';

/**
 * Spec 01 §4/§9: after sign-in the access token, the ID token and isAuthenticated=true are kept in
 * local storage; a failed sign-in or restore sets the flag to false; sign-out removes all three.
 * Amplify keeps its own copy of the tokens (and refreshes them); these keys mirror the session for
 * code outside React and for the e2e tests.
 */
export const storageKeys = {
  accessToken: 'accessToken',
  idToken: 'idToken',
  isAuthenticated: 'isAuthenticated',
} as const;

export function rememberSession(tokens: { accessToken: string; idToken: string }): void {
  localStorage.setItem(storageKeys.accessToken, tokens.accessToken);
  localStorage.setItem(storageKeys.idToken, tokens.idToken);
  localStorage.setItem(storageKeys.isAuthenticated, 'true');
}

/** Not signed in (failed sign-in or restore): no tokens, flag false. */
export function markSignedOut(): void {
  localStorage.removeItem(storageKeys.accessToken);
  localStorage.removeItem(storageKeys.idToken);
  localStorage.setItem(storageKeys.isAuthenticated, 'false');
}

/** Signed out on purpose: nothing of the session is left, the broker a delegate worked for included. */
export function clearSession(): void {
  for (const key of Object.values(storageKeys)) localStorage.removeItem(key);
  setActingFor(null);
}
