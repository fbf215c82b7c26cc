import { Link } from '@tanstack/react-router';
import { UsersIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { consumerPaths } from '@/features/consumer/paths';
import { useActingFor } from '@/lib/acting-for';
import { missingStep, useDelegations } from '../api/delegation-queries';

/**
 * The dashboard's delegate notices: for a delegate, each request still pending and which step
 * it waits for (the broker's confirmation or an operator's approval), and a broker whose account is
 * disabled; for a broker, the requests waiting for their answer. Nothing when there is nothing to do.
 */
export function DelegationNotice() {
  const { data } = useDelegations();
  const acting = useActingFor();
  if (!data) return null;
  const waiting = data.asDelegate.filter((d) => d.state === 'requested' || d.state === 'confirmed' || (d.state === 'approved' && !d.brokerActive));
  const asked = data.asBroker.filter((d) => d.state === 'requested');
  if (waiting.length === 0 && asked.length === 0 && !acting) return null;
  return (
    <Alert data-testid="delegation-notice">
      <UsersIcon aria-hidden="true" />
      <AlertTitle>{acting ? `Working for ${acting.name}` : 'Delegates'}</AlertTitle>
      <AlertDescription>
        <ul className="grid gap-1">
          {acting && <li>What you create, edit, publish, renew or close is {acting.name}&apos;s, under their name, and they see that you did it.</li>}
          {waiting.map((d) => (
            <li key={d.brokerId}>{missingStep(d)}</li>
          ))}
          {asked.map((d) => (
            <li key={d.delegateId}>
              {d.delegate.name || d.delegate.email} asked to be your delegate.{' '}
              <Link to={consumerPaths.profile} className="underline underline-offset-4">
                Answer in your profile
              </Link>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
