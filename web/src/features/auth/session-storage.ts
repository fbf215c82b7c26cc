import { setActingFor } from '@/lib/acting-for';
import { storageKeys } from './storage-keys';

export { storageKeys };

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
