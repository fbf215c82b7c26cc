/** An error a caller caused or may see: mapped to its status with `{ message, fieldErrors?, currentVersion? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** A 409 for a stale version: the version the record has now, to reload or overwrite with. */
    readonly currentVersion?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, message, fieldErrors);
export const unauthorized = (message = 'User is not authenticated') => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const staleVersion = (message: string, currentVersion: number) => new HttpError(409, message, undefined, currentVersion);
export const tooManyRequests = (message: string) => new HttpError(429, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);

export const notApprovedMessage =
  'Your account is awaiting approval. Our team reviews new accounts, typically in under 24 hours, and will e-mail you once you are approved.';
export const disabledMessage = 'Your account has been disabled. Contact support for help.';
export const deletedMessage = 'This account has been deleted.';
export const noRecordMessage = 'Your account has no BISN profile. Sign in again, or contact support if this persists.';
