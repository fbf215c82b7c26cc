import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '@/lib/api';

/**
 * Puts a 400's per-field messages under the matching form fields; answers the message to show above the
 * buttons (the server's own message, or the fallback), or undefined when every message found its field.
 */
export function serverErrorOf<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  fallback: string,
): string | undefined {
  if (!isApiError(error)) return fallback;
  const entries = Object.entries(error.fieldErrors);
  let unplaced = entries.length === 0;
  for (const [name, messages] of entries) {
    if ((fields as readonly string[]).includes(name) && messages[0]) setError(name as Path<T>, { type: 'server', message: messages[0] });
    else unplaced = true;
  }
  return unplaced ? error.message || fallback : undefined;
}
