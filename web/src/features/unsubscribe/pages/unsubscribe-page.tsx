import { zodResolver } from '@hookform/resolvers/zod';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { unsubscribeRequest, type UnsubscribeRequest, type UnsubscribeResponse } from '@shared/api/schemas/auth';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';

const route = getRouteApi('/unsubscribe');

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** Spec 01 §8: "200" is success (green); any other status shows the body's message, a thrown call its own message. */
async function outcomeOf(call: Promise<UnsubscribeResponse>): Promise<State> {
  try {
    const response = await call;
    return response.statusCode === '200'
      ? { kind: 'success', message: 'Unsubscribed successfully' }
      : { kind: 'error', message: response.body.message };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : 'Unsubscribe failed' };
  }
}

/**
 * /unsubscribe (spec 01 §2): one e-mail field; idle, loading, green success or red error. Opened from the
 * visible link of a broadcast e-mail (`?token=`), it unsubscribes that address at once.
 */
export function UnsubscribePage() {
  const { token } = route.useSearch();
  const [state, setState] = useState<State>(token ? { kind: 'loading' } : { kind: 'idle' });
  const form = useForm<UnsubscribeRequest>({ resolver: zodResolver(unsubscribeRequest), defaultValues: { email: '' } });

  // The signed link is used once per page view (React's development double effect included).
  const usedToken = useRef<string>(undefined);
  useEffect(() => {
    if (!token || usedToken.current === token) return;
    usedToken.current = token;
    void outcomeOf(api('unsubscribeOneClick', { query: { token } })).then(setState);
  }, [token]);

  async function submit(values: UnsubscribeRequest) {
    setState({ kind: 'loading' });
    setState(await outcomeOf(api('unsubscribe', { body: values })));
  }

  const loading = state.kind === 'loading';
  // A link that does not verify falls back to the form.
  const showForm = !token || state.kind === 'error';
  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:py-14">
      <title>Unsubscribe · BISN</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold tracking-tight">Unsubscribe</h1>
          <CardDescription>
            {!showForm
              ? 'Unsubscribing the address this link was sent to from every BISN e-mail.'
              : 'Enter your e-mail address to stop receiving every BISN e-mail category.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {showForm && (
            <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-5">
              <Field control={form.control} name="email" label="Email">
                {({ field, ...aria }) => <Input type="email" autoComplete="email" {...field} {...aria} aria-required />}
              </Field>
              <Button type="submit" disabled={loading}>
                {loading && <Spinner label="Unsubscribing" />}
                Unsubscribe
              </Button>
            </form>
          )}
          {token && loading && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner label="Unsubscribing" /> Unsubscribing…
            </p>
          )}
          {state.kind === 'success' && (
            <Alert variant="success">
              <AlertDescription>{state.message}</AlertDescription>
            </Alert>
          )}
          {state.kind === 'error' && (
            <Alert variant="destructive">
              <AlertDescription>{state.message}</AlertDescription>
            </Alert>
          )}
        </CardContent>
        <CardFooter className="flex-wrap gap-x-1 text-sm text-muted-foreground">
          <span>Not a member yet?</span>
          <Link to="/signup" className="font-medium text-primary underline-offset-4 hover:underline">
            Sign Up
          </Link>
        </CardFooter>
      </Card>
    </main>
  );
}
