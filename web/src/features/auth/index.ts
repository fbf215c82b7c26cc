export { useAuth, type Auth, type AuthStatus } from './use-auth';
export { RequireAuth } from './require-auth';
export { restoreSession, sessionQuery, type Session } from './session';
export { clearSession, markSignedOut, rememberSession, storageKeys } from './session-storage';
export { ReviewNotice } from './components/review-notice';
export { ChangePasswordCard } from './components/change-password-card';
