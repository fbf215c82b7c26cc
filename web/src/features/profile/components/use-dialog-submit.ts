import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { serverErrorOf } from './apply-field-errors';

/**
 * A profile dialog's submit: `save` gets the checked values; the server's per-field messages go under
 * their fields and anything else is answered as `error` (the fallback `failed` when it has no message).
 */
export function useDialogSubmit<V extends FieldValues, Checked>(
  form: UseFormReturn<V, unknown, Checked>,
  save: (values: Checked) => Promise<void>,
  fields: readonly Path<V>[],
  failed: string,
) {
  const [error, setError] = useState<string>();
  const submit = form.handleSubmit(async (values) => {
    setError(undefined);
    try {
      await save(values);
    } catch (failure) {
      setError(serverErrorOf(failure, fields, form.setError, failed));
    }
  });
  return { submit, error };
}
