/**
 * What an id in a path or query string looks like (UUIDs, Cognito subs). Kept apart from the zod schemas
 * so the web app's route definitions, which every page loads first, can check one without zod.
 */
export const ID_MAX_LENGTH = 64;
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length >= 1 && value.length <= ID_MAX_LENGTH && ID_PATTERN.test(value);
}
