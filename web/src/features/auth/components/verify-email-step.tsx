import { useEffect, useState, type FormEvent } from 'react';
import { verificationCode } from '@shared/api/schemas/auth';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { runtimeConfig } from '@/config/runtime-config';
import { confirmAndSignIn, invalidCode, messageOf, resendSignUpCode } from '../auth-service';
import { FormMessage } from './form-message';
import { OneTimeCodeInput } from './one-time-code-input';

/**
 * Sign-up step 3 (spec 01 §2/§4): the e-mailed 6-character code, with a resend action. On success the
 * account is confirmed, signed in with the password still held in memory, and activated through the API.
 */
export function VerifyEmailStep({
  email,
  password,
  onConfirmed,
}: {
  email: string;
  password: string;
  onConfirmed: () => Promise<void> | void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<'verify' | 'resend'>();
  const mailViewerUrl = runtimeConfig().mailViewerUrl;
  // The step replaces a long form: on a phone it would open scrolled to where the form's button was.
  // A block, not an expression: Chromium's scrollTo answers a promise, which React would take for a cleanup.
  useEffect(() => {
    globalThis.scrollTo(0, 0);
  }, []);

  async function verify(event: FormEvent) {
    event.preventDefault();
    setNotice(undefined);
    if (!verificationCode.safeParse(code).success) {
      setError(invalidCode);
      return;
    }
    setError(undefined);
    setBusy('verify');
    try {
      await confirmAndSignIn(email, password, code);
      await onConfirmed();
    } catch (failure) {
      setError(messageOf(failure, invalidCode));
    } finally {
      setBusy(undefined);
    }
  }

  async function resend() {
    setError(undefined);
    setBusy('resend');
    try {
      await resendSignUpCode(email);
      setNotice(`We sent a new code to ${email}.`);
    } catch (failure) {
      setError(messageOf(failure, 'The code could not be sent. Please try again.'));
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <form onSubmit={verify} noValidate className="grid gap-5">
      <p className="text-sm text-muted-foreground">
        We sent a 6-character code to <strong className="text-foreground">{email}</strong>. Enter it below to confirm your
        e-mail address.
        {mailViewerUrl && (
          <>
            {' '}
            Running locally? Open the{' '}
            <a href={mailViewerUrl} target="_blank" rel="noreferrer" className="text-primary underline underline-offset-4">
              local mail viewer
            </a>
            .
          </>
        )}
      </p>
      <OneTimeCodeInput value={code} onChange={setCode} invalid={Boolean(error)} autoFocus />
      <FormMessage error={error} notice={notice} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={Boolean(busy)}>
          {busy === 'verify' && <Spinner />}
          Verify
        </Button>
        <Button variant="link" className="px-0" onClick={() => void resend()} disabled={Boolean(busy)}>
          {busy === 'resend' && <Spinner />}
          Resend code
        </Button>
      </div>
    </form>
  );
}
