/**
 * Spec 01 §4/§9: after sign-in the access token, the ID token and isAuthenticated=true are kept in
 * local storage; a failed sign-in or restore sets the flag to false; sign-out removes all three
 * (session-storage.ts). Amplify keeps its own copy of the tokens (and refreshes them); these keys mirror
 * the session for code outside React and for the e2e tests. A module of its own, so the landing page reads
 * the flag without loading the session code (and the acting-for store it clears).
 */
export const storageKeys = {
  accessToken: 'accessToken',
  idToken: 'idToken',
  isAuthenticated: 'isAuthenticated',
} as const;
