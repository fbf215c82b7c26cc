/**
 * Every failure of a call to the product API or to the image store, in one shape. `message` is
 * user-facing: the server's own message when it sent one (`{ message, fieldErrors }`).
 */
export type ApiErrorCode =
  /** The server answered with a 4xx/5xx. */
  | 'HttpError'
  /** No answer: offline, DNS, CORS, connection reset (spec 01 §8: "Network error"). */
  | 'NetworkError'
  /** No answer within the timeout (10 s, 100 s for images). */
  | 'Timeout'
  /** A protected call without a signed-in session (spec 01 §8: "User is not authenticated"). */
  | 'NotAuthenticated'
  /** A 2xx whose body is not a JSON object, so no handler's answer (the handlers validate theirs). */
  | 'InvalidResponse';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: ApiErrorCode,
    /** HTTP status; 0 when there was no answer. */
    readonly status: number,
    message: string,
    /** Per-field messages from a 400, keyed by field name. */
    readonly fieldErrors: Record<string, string[]> = {},
    readonly requestId?: string,
    /** A 409 for a stale version: the version the record has now (reload it, or overwrite with it). */
    readonly currentVersion?: number,
  ) {
    super(message);
  }
}

export const networkErrorMessage = 'Network error';
export const timeoutMessage = 'The server took too long to answer. Please try again.';
export const notAuthenticatedMessage = 'User is not authenticated';
export const invalidResponseMessage = 'The server sent an unexpected answer. Please try again.';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The server refused a save made over an older version of the record: someone else saved in between. */
export function isVersionConflict(error: unknown): error is ApiError & { currentVersion: number } {
  return isApiError(error) && error.status === 409 && error.currentVersion !== undefined;
}

/**
 * What to throw when fetch itself rejects: a timeout or a network failure becomes an ApiError; the
 * caller's own abort (react-query cancelling a query) stays an AbortError, so it is never shown.
 */
export function fetchFailure(error: unknown): Error {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'AbortError' && error instanceof Error) return error;
  if (name === 'TimeoutError') return new ApiError('Timeout', 0, timeoutMessage);
  return new ApiError('NetworkError', 0, networkErrorMessage);
}

/**
 * A failure named as the spec names it ("Failed to fetch requirements"), the call's own failure kept as
 * its cause for the details. A caller's abort passes through unchanged, so it is never shown.
 */
export function failedTo(message: string, error: unknown): Error {
  if (error instanceof Error && error.name === 'AbortError') return error;
  return new Error(message, { cause: error });
}

/** The call's own failure behind a named one (`failedTo`), or the failure itself. */
export function causeOf(error: unknown): unknown {
  return error instanceof Error && !(error instanceof ApiError) && error.cause !== undefined ? error.cause : error;
}

/** What went wrong behind a named failure ("Network error", the server's message), for a line under it. */
export function failureDetail(error: Error): string | undefined {
  const cause = causeOf(error);
  return cause !== error && cause instanceof Error ? cause.message : undefined;
}
