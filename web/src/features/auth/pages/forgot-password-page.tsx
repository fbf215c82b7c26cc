import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type * as z from '@shared/zod';
import { forgotPasswordEmailForm, forgotPasswordResetForm } from '@shared/api/schemas/auth';
import { appPaths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { finishPasswordReset, messageOf, resetFailed, startPasswordReset } from '../auth-service';
import { AuthPage } from '../components/auth-page';
import { FormMessage } from '../components/form-message';
import { OneTimeCodeInput } from '../components/one-time-code-input';
import { PasswordChecklist } from '../components/password-checklist';
import { PasswordInput } from '../components/password-input';

export const resetCodeNote =
  'If you have a valid email address, you will receive a code to your email within 5 minutes. If you do not receive an email, please check your spam folder.';
export const resetSuccessMessage = 'Successfully Reset Password';

type ResetValues = z.infer<typeof forgotPasswordResetForm>;

/** /forgotPassword (spec 01 §2): e-mail, then code and new password, then back to /login with a green notice. */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string>();
  const [error, setError] = useState<string>();

  const emailForm = useForm<z.infer<typeof forgotPasswordEmailForm>>({
    resolver: zodResolver(forgotPasswordEmailForm),
    defaultValues: { email: '' },
  });
  const resetForm = useForm<ResetValues>({
    resolver: zodResolver(forgotPasswordResetForm),
    defaultValues: { email: '', otp: '', newPassword: '' },
  });
  const chosenPassword = useWatch({ control: resetForm.control, name: 'newPassword' });

  async function requestCode({ email: address }: { email: string }) {
    setError(undefined);
    try {
      await startPasswordReset(address);
      resetForm.reset({ email: address, otp: '', newPassword: '' });
      setEmail(address);
    } catch (failure) {
      setError(messageOf(failure, resetFailed));
    }
  }

  async function reset(values: ResetValues) {
    setError(undefined);
    try {
      await finishPasswordReset(values.email, values.otp, values.newPassword);
      const query = new URLSearchParams({ email: values.email, message: resetSuccessMessage });
      await navigate({ href: `${appPaths.login}?${query.toString()}`, replace: true });
    } catch (failure) {
      setError(messageOf(failure, resetFailed));
    }
  }

  const backToLogin = (
    <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
      Back to Sign In
    </Link>
  );

  if (!email) {
    const submitting = emailForm.formState.isSubmitting;
    return (
      <AuthPage title="Forgot Password" description="Enter your e-mail address and we will send you a code to reset your password." footer={backToLogin}>
        <form onSubmit={emailForm.handleSubmit(requestCode)} noValidate className="grid gap-5">
          <Field control={emailForm.control} name="email" label="Email">
            {({ field, ...aria }) => <Input type="email" autoComplete="username" {...field} {...aria} aria-required />}
          </Field>
          <FormMessage error={error} />
          <Button type="submit" disabled={submitting}>
            {submitting && <Spinner />}
            Send Code
          </Button>
        </form>
      </AuthPage>
    );
  }

  const submitting = resetForm.formState.isSubmitting;
  return (
    <AuthPage title="Reset Password" description={<>Resetting the password of <strong className="text-foreground">{email}</strong>.</>} footer={backToLogin}>
      <form onSubmit={resetForm.handleSubmit(reset)} noValidate className="grid gap-5">
        <p className="rounded-md border bg-muted/50 p-3 text-sm text-muted-foreground">{resetCodeNote}</p>
        <Controller
          control={resetForm.control}
          name="otp"
          render={({ field, fieldState }) => (
            <div className="grid gap-2">
              <OneTimeCodeInput label="Code" value={field.value} onChange={field.onChange} invalid={fieldState.invalid} autoFocus />
              {fieldState.error && <p className="text-sm text-destructive">{fieldState.error.message}</p>}
            </div>
          )}
        />
        <Field control={resetForm.control} name="newPassword" label="New Password">
          {({ field, ...aria }) => <PasswordInput autoComplete="new-password" {...field} {...aria} aria-required />}
        </Field>
        <PasswordChecklist password={chosenPassword} />
        <FormMessage error={error} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={submitting}>
            {submitting && <Spinner />}
            Reset Password
          </Button>
          <Button variant="link" className="px-0" onClick={() => void requestCode({ email })}>
            Send a new code
          </Button>
        </div>
      </form>
    </AuthPage>
  );
}
