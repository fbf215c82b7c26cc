import { useState, type FormEvent } from 'react';
import type { Delegation, DelegationState } from '@shared/api/schemas/delegations';
import { ConfirmButton } from '@/components/confirm-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { missingStep, useDelegations, useRequestDelegation, useUpdateDelegation } from '../api/delegation-queries';

const stateLabels: Record<DelegationState, { label: string; variant: 'default' | 'secondary' | 'success' | 'destructive' | 'outline' }> = {
  requested: { label: 'Asked', variant: 'outline' },
  confirmed: { label: 'Awaiting an operator', variant: 'secondary' },
  approved: { label: 'Approved', variant: 'success' },
  declined: { label: 'Declined', variant: 'destructive' },
  revoked: { label: 'Revoked', variant: 'destructive' },
};

const live = (d: Delegation) => d.state === 'requested' || d.state === 'confirmed' || d.state === 'approved';
const nameOf = (person: Delegation['broker']) => person.name || person.email;

/** Ask to assist a broker, named by their e-mail. */
function AskForm() {
  const [email, setEmail] = useState('');
  const ask = useRequestDelegation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(email, {
      onSuccess: () => {
        toast.success('Request sent. The broker confirms it in their profile.');
        setEmail('');
      },
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor="delegate-of-email">Ask to be the delegate of the broker with the e-mail</Label>
        <Input
          id="delegate-of-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={ask.isError || undefined}
          aria-describedby={ask.isError ? 'delegate-of-error' : undefined}
        />
      </div>
      <Button type="submit" disabled={ask.isPending || email.trim() === ''}>
        Ask
      </Button>
      <p className="text-sm text-muted-foreground sm:col-span-2">
        A delegate is in the broker directory only by choice: if you have not chosen in Privacy, asking takes you out of it until you do.
      </p>
      {ask.isError && (
        <p id="delegate-of-error" role="alert" className="text-sm text-destructive sm:col-span-2">
          {ask.error.message}
        </p>
      )}
    </form>
  );
}

/** A broker the account assists (or asked to): where it stands, and stepping down. */
function AssistedBroker({ delegation }: { delegation: Delegation }) {
  const update = useUpdateDelegation();
  const broker = nameOf(delegation.broker);
  return (
    <li className="grid gap-1 border-b py-2 text-sm sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {broker} <Badge variant={stateLabels[delegation.state].variant}>{stateLabels[delegation.state].label}</Badge>
        </span>
        <span className="text-muted-foreground">{missingStep(delegation)}</span>
      </div>
      {live(delegation) && (
        <ConfirmButton
          title={`Stop being ${broker}'s delegate?`}
          description="You will no longer be able to work on their listings and requirements. You can ask again later."
          confirmLabel="Step Down"
          destructive
          disabled={update.isPending}
          onConfirm={() => update.mutate({ delegation, body: { action: 'revoke' } }, { onError: (error) => toast.error(error.message) })}
          buttonProps={{ size: 'sm', variant: 'outline', 'aria-label': `Step down as ${broker}'s delegate` }}
        >
          Step Down
        </ConfirmButton>
      )}
    </li>
  );
}

/** One of the broker's own delegates: confirm or decline a request, allow exports, revoke at once. */
function OwnDelegate({ delegation }: { delegation: Delegation }) {
  const update = useUpdateDelegation();
  const name = nameOf(delegation.delegate);
  const act = (body: Parameters<typeof update.mutate>[0]['body']) => update.mutate({ delegation, body }, { onError: (error) => toast.error(error.message) });
  const exportId = `export-${delegation.delegateId}`;
  return (
    <li className="grid gap-2 border-b py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{name}</span>
        <span className="text-muted-foreground">{delegation.delegate.email}</span>
        <Badge variant={stateLabels[delegation.state].variant}>{stateLabels[delegation.state].label}</Badge>
      </div>
      {live(delegation) && (
        <div className="flex flex-wrap items-center gap-2">
          {delegation.state === 'requested' && (
            <>
              <Button size="sm" disabled={update.isPending} onClick={() => act({ action: 'confirm' })} aria-label={`Confirm ${name} as your delegate`}>
                Confirm
              </Button>
              <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => act({ action: 'decline' })} aria-label={`Decline ${name}`}>
                Decline
              </Button>
            </>
          )}
          {delegation.state !== 'requested' && (
            <ConfirmButton
              title={`Revoke ${name}?`}
              description={`${name} loses access to your listings and requirements at once.`}
              confirmLabel="Revoke"
              destructive
              disabled={update.isPending}
              onConfirm={() => act({ action: 'revoke' })}
              buttonProps={{ size: 'sm', variant: 'outline', 'aria-label': `Revoke ${name}` }}
            >
              Revoke
            </ConfirmButton>
          )}
          <div className="flex items-center gap-2">
            <Checkbox
              id={exportId}
              checked={delegation.canExport}
              disabled={update.isPending}
              onCheckedChange={(checked) => act({ action: 'setExport', canExport: checked === true })}
            />
            <Label htmlFor={exportId} className="font-normal">
              May export my contact lists
            </Label>
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * Profile → Delegates: the brokers this account assists, the request to assist another, and the
 * broker's own delegates. A delegate works on the broker's listings and requirements, never on their profile.
 */
export function DelegatesCard({ className }: { className?: string }) {
  const { data, isPending, isError, error } = useDelegations();
  return (
    <Card className={cn('gap-4', className)} aria-busy={isPending || undefined}>
      <CardHeader>
        <CardTitle>Delegates</CardTitle>
        <CardDescription>
          Assistants and researchers who work on a broker&apos;s listings and requirements: the broker confirms them, then an operator approves them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {isError && <p role="alert" className="text-sm text-destructive">{error.message}</p>}
        <section className="grid gap-2" aria-labelledby="delegates-mine">
          <h3 id="delegates-mine" className="text-sm font-semibold">
            Your delegates
          </h3>
          {data && data.asBroker.length === 0 && <p className="text-sm text-muted-foreground">Nobody has asked to be your delegate.</p>}
          <ul aria-labelledby="delegates-mine">{data?.asBroker.map((d) => <OwnDelegate key={d.delegateId} delegation={d} />)}</ul>
        </section>
        <section className="grid gap-2" aria-labelledby="delegates-assisted">
          <h3 id="delegates-assisted" className="text-sm font-semibold">
            Brokers you assist
          </h3>
          {data && data.asDelegate.length > 0 && (
            <ul aria-labelledby="delegates-assisted">{data.asDelegate.map((d) => <AssistedBroker key={d.brokerId} delegation={d} />)}</ul>
          )}
          <AskForm />
        </section>
      </CardContent>
    </Card>
  );
}
