import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import * as z from '@shared/zod';
import { newPassword, signInForm, signUpForm, type SignInForm } from '@shared/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { challengeNameFields, messageOf, signInFailed, signInWithPassword, type ChallengeNameField } from '../auth-service';
import { AuthPage } from '../components/auth-page';
import { FormMessage } from '../components/form-message';
import { PasswordChecklist } from '../components/password-checklist';
import { PasswordInput } from '../components/password-input';
import { VerifyEmailStep } from '../components/verify-email-step';
import { afterSignInPath, useFinishSignIn } from '../navigation';
import { useAuth } from '../use-auth';

const route = getRouteApi('/login');

/** Plain sign-in checks e-mail and password only; in new-password mode (an account an operator created) the new password must meet the policy. */
const passwordForm = z.omit(signInForm, { newPassword: true });
const newPasswordForm = z.extend(signInForm, { newPassword });

const nameLabels: Record<ChallengeNameField, string> = { firstName: 'First Name', lastName: 'Last Name' };
const unasked = z.optional(z.string());

/** New-password mode: the names the challenge requires are checked as the sign-up form checks them. */
function newPasswordFormFor(names: ChallengeNameField[]) {
  return z.extend(newPasswordForm, {
    firstName: names.includes('firstName') ? signUpForm.shape.firstName : unasked,
    lastName: names.includes('lastName') ? signUpForm.shape.lastName : unasked,
  });
}
const signInFields = z.extend(passwordForm, { firstName: unasked, lastName: unasked });
type LoginForm = SignInForm & Partial<Record<ChallengeNameField, string>>;

/** The form's names for the attributes the challenge requires; others the pool does not require. */
function askedNames(requiredAttributes: string[]): ChallengeNameField[] {
  return Object.entries(challengeNameFields).filter(([attribute]) => requiredAttributes.includes(attribute)).map(([, field]) => field);
}

type Mode = 'signIn' | 'newPassword' | 'verifyEmail';

/**
 * /login (spec 01 §2): prefill and green notice from ?email=&message=, back to ?redirect= afterwards,
 * the new-password challenge, and the error catalogue's messages.
 */
export function LoginPage() {
  const search = route.useSearch();
  const { status } = useAuth();
  const finishSignIn = useFinishSignIn();
  const target = afterSignInPath(search.redirect);
  const [mode, setMode] = useState<Mode>('signIn');
  const [error, setError] = useState<string>();
  const [names, setNames] = useState<ChallengeNameField[]>([]);

  const form = useForm<LoginForm>({
    resolver: zodResolver(mode === 'newPassword' ? newPasswordFormFor(names) : signInFields),
    defaultValues: { email: search.email ?? '', password: '' },
  });
  const chosenPassword = useWatch({ control: form.control, name: 'newPassword' }) ?? '';

  // Already signed in (or just signed in): straight on, also when the user record failed to load (the page there retries).
  const navigate = useNavigate();
  useEffect(() => {
    if (status === 'signedIn' || status === 'failed') void navigate({ href: target, replace: true });
  }, [status, target, navigate]);

  async function submit(values: LoginForm) {
    setError(undefined);
    try {
      const outcome = await signInWithPassword(values.email, values.password, mode === 'newPassword' ? values.newPassword : undefined, {
        firstName: values.firstName,
        lastName: values.lastName,
      });
      if (outcome.step === 'newPasswordRequired') {
        form.setValue('newPassword', ''); // an empty field then gets the policy's own message
        for (const name of askedNames(outcome.requiredAttributes)) form.setValue(name, '');
        setNames(askedNames(outcome.requiredAttributes));
        setMode('newPassword'); // no error shown (spec 01 §8)
      }
      else if (outcome.step === 'confirmSignUp') setMode('verifyEmail');
      else await finishSignIn(target);
    } catch (failure) {
      setError(messageOf(failure, signInFailed));
    }
  }

  if (mode === 'verifyEmail') {
    const { email, password } = form.getValues();
    return (
      <AuthPage title="Confirm your e-mail" description="Your e-mail address is not confirmed yet. Use Resend code if the first one expired.">
        <VerifyEmailStep email={email} password={password} onConfirmed={() => finishSignIn(target)} />
      </AuthPage>
    );
  }

  const newPasswordMode = mode === 'newPassword';
  const submitting = form.formState.isSubmitting;
  return (
    <AuthPage
      title={newPasswordMode ? 'Set New Password' : 'Sign In'}
      description={
        newPasswordMode ? `Your account needs a new password${names.length > 0 ? ' and your name' : ''} before you can continue.` : undefined
      }
      footer={
        !newPasswordMode && (
          <>
            New here?
            <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
              Sign Up
            </Link>
          </>
        )
      }
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-5">
        {search.message && !error && <FormMessage notice={search.message} />}
        <Field control={form.control} name="email" label="Email">
          {({ field, ...aria }) => <Input type="email" autoComplete="username" readOnly={newPasswordMode} {...field} {...aria} aria-required />}
        </Field>
        <Field control={form.control} name="password" label="Password">
          {({ field, ...aria }) => <PasswordInput autoComplete="current-password" readOnly={newPasswordMode} {...field} {...aria} aria-required />}
        </Field>
        {newPasswordMode && (
          <>
            {names.map((name) => (
              <Field key={name} control={form.control} name={name} label={nameLabels[name]}>
                {({ field, ...aria }) => (
                  <Input autoComplete={name === 'firstName' ? 'given-name' : 'family-name'} autoFocus={name === names[0]} {...field} value={field.value ?? ''} {...aria} aria-required />
                )}
              </Field>
            ))}
            <Field control={form.control} name="newPassword" label="New Password">
              {({ field, ...aria }) => <PasswordInput autoComplete="new-password" autoFocus={names.length === 0} {...field} value={field.value ?? ''} {...aria} aria-required />}
            </Field>
            <PasswordChecklist password={chosenPassword} />
          </>
        )}
        <FormMessage error={error} />
        <Button type="submit" disabled={submitting}>
          {submitting && <Spinner />}
          {newPasswordMode ? 'Update Password' : 'Sign In'}
        </Button>
        <Link to="/forgotPassword" className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
          Forgot Password?
        </Link>
      </form>
    </AuthPage>
  );
}
