/**
 * Query keys of data that is not one API route's answer. Apart from lib/query.ts (which loads the API
 * client and its contract), so the session code of the public pages does not load those.
 */
export const queryKeys = {
  /** The signed-in session and user record (features/auth). */
  session: ['auth', 'session'] as const,
};
