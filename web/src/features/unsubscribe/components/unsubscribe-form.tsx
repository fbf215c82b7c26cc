import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { unsubscribeRequest, type UnsubscribeRequest } from '@shared/api/schemas/auth';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { api } from '@/lib/api';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'sent'; message: string } | { kind: 'error'; message: string };

/**
 * The form (PRODUCT.md "Subscriptions"): it asks the server to e-mail the address a signed link, and shows
 * the same answer whether or not the address has an account. "200" is success (green); any other status
 * shows the body's message, a failed call (429 included) its own message.
 */
export function UnsubscribeForm() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const form = useForm<UnsubscribeRequest>({ resolver: zodResolver(unsubscribeRequest), defaultValues: { email: '' } });

  async function submit(values: UnsubscribeRequest) {
    setState({ kind: 'loading' });
    try {
      const response = await api('unsubscribe', { body: values });
      setState(response.statusCode === '200' ? { kind: 'sent', message: response.body.message } : { kind: 'error', message: response.body.message });
    } catch (error) {
      setState({ kind: 'error', message: error instanceof Error ? error.message : 'Unsubscribe failed' });
    }
  }

  return (
    <div className="grid gap-5">
      <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-5">
        <Field control={form.control} name="email" label="Email">
          {({ field, ...aria }) => <Input type="email" autoComplete="email" {...field} {...aria} aria-required />}
        </Field>
        <Button type="submit" disabled={state.kind === 'loading'}>
          {state.kind === 'loading' && <Spinner label="Sending" />}
          Unsubscribe
        </Button>
      </form>
      {state.kind === 'sent' && (
        <Alert variant="success">
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
      {state.kind === 'error' && (
        <Alert variant="destructive">
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
