import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from '@shared/zod';
import { changePasswordForm } from '@shared/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { changePassword, messageOf } from '../auth-service';
import { FormMessage } from './form-message';
import { PasswordChecklist } from './password-checklist';
import { PasswordInput } from './password-input';

type ChangePasswordValues = z.infer<typeof changePasswordForm>;

/** Change password for the signed-in user (spec 01 §5: "No logged-in user found" without a session). */
export function ChangePasswordForm() {
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { oldPassword: '', newPassword: '' },
  });
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  /** The last attempt's answer goes as soon as the broker edits or tries again: it no longer describes the form. */
  const forgetAnswer = () => {
    setError(undefined);
    setNotice(undefined);
  };

  async function submit(values: ChangePasswordValues) {
    forgetAnswer();
    try {
      await changePassword(values.oldPassword, values.newPassword);
      form.reset();
      setNotice('Your password has been changed.');
      toast.success('Password changed');
    } catch (failure) {
      setError(messageOf(failure, 'The password could not be changed.'));
    }
  }

  const submitting = form.formState.isSubmitting;
  return (
    <form onSubmit={form.handleSubmit(submit, forgetAnswer)} onChange={forgetAnswer} noValidate className="grid gap-4">
      <Field control={form.control} name="oldPassword" label="Current Password">
        {({ field, ...aria }) => <PasswordInput autoComplete="current-password" autoFocus {...field} {...aria} aria-required />}
      </Field>
      <Field control={form.control} name="newPassword" label="New Password">
        {({ field, ...aria }) => <PasswordInput autoComplete="new-password" {...field} {...aria} aria-required />}
      </Field>
      <PasswordChecklist password={newPassword} />
      <FormMessage error={error} notice={notice} />
      <Button type="submit" disabled={submitting} className="justify-self-start">
        {submitting && <Spinner />}
        Change Password
      </Button>
    </form>
  );
}
