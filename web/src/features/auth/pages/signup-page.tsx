import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type * as z from '@shared/zod';
import { signUpForm, type SignUpForm } from '@shared/api/schemas/auth';
import { appPaths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { messageOf, signUpAccount, signUpFailed } from '../auth-service';
import { AuthPage } from '../components/auth-page';
import { FormMessage } from '../components/form-message';
import { PasswordChecklist } from '../components/password-checklist';
import { PasswordInput } from '../components/password-input';
import { VerifyEmailStep } from '../components/verify-email-step';
import { useFinishSignIn } from '../navigation';
import { useAuth } from '../use-auth';

const route = getRouteApi('/signup');

type SignUpValues = z.input<typeof signUpForm>;

/**
 * /signup (spec 01 §2/§4/§5): the form with every rule's message under its field, prefilled from
 * ?email=&firstName=&lastName=; then the e-mail code; then signed in and on to the dashboard.
 */
export function SignupPage() {
  const search = route.useSearch();
  const { status } = useAuth();
  const navigate = useNavigate();
  const finishSignIn = useFinishSignIn();
  // Held in memory only, for the automatic sign-in after the code (spec 01 §4).
  const [pending, setPending] = useState<{ email: string; password: string }>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const form = useForm<SignUpValues, unknown, SignUpForm>({
    resolver: zodResolver(signUpForm),
    defaultValues: {
      email: search.email ?? '',
      password: '',
      firstName: search.firstName ?? '',
      lastName: search.lastName ?? '',
      delegateOf: '',
      // Unticked at first; the schema accepts only `true`, with the spec's message otherwise.
      termsAndConditions: false as unknown as true,
    },
  });
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  useEffect(() => {
    if (status === 'signedIn' && !pending) void navigate({ href: appPaths.dashboard, replace: true });
  }, [status, pending, navigate]);

  async function submit(values: SignUpForm) {
    setError(undefined);
    setNotice(undefined);
    try {
      // values.email is already trimmed and lowercased by the shared schema.
      const { needsConfirmation } = await signUpAccount(values);
      if (needsConfirmation) setPending({ email: values.email, password: values.password });
      else setNotice('This account is already confirmed. Please sign in.');
    } catch (failure) {
      console.error('Sign-up failed', failure);
      setError(messageOf(failure, signUpFailed));
    }
  }

  if (pending) {
    return (
      <AuthPage title="Verify your e-mail" description="One last step before you can sign in.">
        <VerifyEmailStep email={pending.email} password={pending.password} onConfirmed={() => finishSignIn(appPaths.dashboard)} />
      </AuthPage>
    );
  }

  const submitting = form.formState.isSubmitting;
  return (
    <AuthPage
      title="Sign Up"
      description="Join the private network of commercial real-estate brokers in the Sacramento region."
      footer={
        <>
          Already have an account?
          <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-5">
        <Field control={form.control} name="email" label="Email">
          {({ field, ...aria }) => <Input type="email" autoComplete="email" {...field} {...aria} aria-required />}
        </Field>
        <div className="grid gap-2">
          <Field control={form.control} name="password" label="Password">
            {({ field, ...aria }) => <PasswordInput autoComplete="new-password" {...field} {...aria} aria-required />}
          </Field>
          <PasswordChecklist password={password} />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field control={form.control} name="firstName" label="First Name">
            {({ field, ...aria }) => <Input autoComplete="given-name" {...field} {...aria} aria-required />}
          </Field>
          <Field control={form.control} name="lastName" label="Last Name">
            {({ field, ...aria }) => <Input autoComplete="family-name" {...field} {...aria} aria-required />}
          </Field>
        </div>
        <Field
          control={form.control}
          name="delegateOf"
          label="Assisting a broker? Their e-mail (optional)"
          description="Assistants and researchers work on a broker's listings and requirements once the broker confirms them and our team approves."
        >
          {({ field, ...aria }) => <Input type="email" autoComplete="off" {...field} value={field.value ?? ''} {...aria} />}
        </Field>
        <Field
          control={form.control}
          name="termsAndConditions"
          label={
            <span className="font-normal">
              I agree to the{' '}
              <Link to="/termsAndConditions" target="_blank" className="font-medium text-primary underline underline-offset-4">
                Terms of Use
              </Link>
            </span>
          }
          className="grid-cols-[auto_1fr] items-center gap-x-3 [&>label]:order-2 [&>p]:order-3 [&>p]:col-span-2"
        >
          {({ field, ...aria }) => (
            <Checkbox
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              {...aria}
            />
          )}
        </Field>
        <FormMessage error={error} notice={notice} />
        <Button type="submit" disabled={submitting}>
          {submitting && <Spinner />}
          Sign Up
        </Button>
      </form>
    </AuthPage>
  );
}
