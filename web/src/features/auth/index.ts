export { useAuth, type Auth, type AuthStatus } from './use-auth';
export { RequireAuth } from './require-auth';
export { restoreSession, sessionQuery, type Session } from './session';
export { clearSession, markSignedOut, rememberSession, storageKeys } from './session-storage';
