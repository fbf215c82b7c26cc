import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { unsubscribeRequest, type UnsubscribeRequest } from '@shared/api/schemas/auth';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useRequestUnsubscribeLink } from '../api/use-unsubscribe-link';

/**
 * The form (PRODUCT.md "Subscriptions"): it asks the server to e-mail the address a signed link, and shows
 * the same answer whether or not the address has an account. "200" is success (green); any other status
 * shows the body's message, a failed call (429 included) its own message.
 */
export function UnsubscribeForm() {
  const send = useRequestUnsubscribeLink();
  const form = useForm<UnsubscribeRequest>({ resolver: zodResolver(unsubscribeRequest), defaultValues: { email: '' } });
  const answer = send.data;
  const sent = answer?.statusCode === '200' ? answer.body.message : undefined;
  const failure = send.isError
    ? send.error instanceof Error
      ? send.error.message
      : 'Unsubscribe failed'
    : answer && answer.statusCode !== '200'
      ? answer.body.message
      : undefined;

  return (
    <div className="grid gap-5">
      <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate className="grid gap-5">
        <Field control={form.control} name="email" label="Email">
          {({ field, ...aria }) => <Input type="email" autoComplete="email" {...field} {...aria} aria-required />}
        </Field>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending && <Spinner label="Sending" />}
          Unsubscribe
        </Button>
      </form>
      {sent !== undefined && (
        <Alert variant="success">
          <AlertDescription>{sent}</AlertDescription>
        </Alert>
      )}
      {failure !== undefined && (
        <Alert variant="destructive">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}
