import { useState } from 'react';
import type { MailSwitch, TurnedOffMail, UnsubscribeLinkResponse } from '@shared/api/schemas/auth';
import { categoriesOfStream, savedSearchOfStream, type UnsubscribeStream } from '@shared/catalog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useUnsubscribeLinkAction } from '../api/use-unsubscribe-link';

const keyOf = (mail: MailSwitch) => JSON.stringify(mail);

/**
 * A signed link's page: the stream the mail came from, "Unsubscribe from <stream>" (what one click does)
 * and "Unsubscribe from all", and the subscriptions now. Opening it changed nothing; only these buttons act.
 * Done, it lists exactly what was turned off, each with "Re-subscribe".
 */
export function LinkSubscriptions({ token, link }: { token: string; link: UnsubscribeLinkResponse }) {
  const action = useUnsubscribeLinkAction(token);
  const [turnedOff, setTurnedOff] = useState<{ what: string; mails: TurnedOffMail[] } | null>(null);
  const stream = link.stream.id as UnsubscribeStream;
  // The stream's own button, unless the stream is everything ("Unsubscribe from all" says it).
  const streamButton = stream !== 'all' && (categoriesOfStream(stream).length > 0 || !!savedSearchOfStream(stream));

  const unsubscribe = (turnOff: 'stream' | 'all', what: string) =>
    action.mutate({ turnOff }, { onSuccess: (answer) => setTurnedOff({ what, mails: answer.turnedOff }) });

  if (turnedOff) return <TurnedOff token={token} link={link} what={turnedOff.what} mails={turnedOff.mails} />;

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        This e-mail to <span className="font-medium break-all">{link.email}</span> came from{' '}
        <span className="font-medium">{link.stream.name}</span>.
      </p>
      {/* One column: "Unsubscribe from the weekday listings blast" needs the card's width. */}
      <div className="grid gap-2">
        {streamButton && (
          <Button type="button" className="h-auto min-h-9 whitespace-normal" onClick={() => unsubscribe('stream', link.stream.name)} disabled={action.isPending}>
            Unsubscribe from {link.stream.name}
          </Button>
        )}
        <Button type="button" variant={streamButton ? 'outline' : 'default'} onClick={() => unsubscribe('all', 'any of our e-mails')} disabled={action.isPending}>
          Unsubscribe from all
        </Button>
      </div>
      <FailureAndSubscriptions error={action.isError ? action.error : null} link={link} />
    </div>
  );
}

/** The done page: what the button turned off, each with "Re-subscribe" (and all of them at once). */
function TurnedOff({ token, link, what, mails }: { token: string; link: UnsubscribeLinkResponse; what: string; mails: TurnedOffMail[] }) {
  const action = useUnsubscribeLinkAction(token);
  const [on, setOn] = useState<ReadonlySet<string>>(new Set());
  const off = mails.filter((m) => !on.has(keyOf(m.switch)));
  const turnOn = (again: TurnedOffMail[]) =>
    action.mutate({ turnOn: again.map((m) => m.switch) }, { onSuccess: () => setOn((before) => new Set([...before, ...again.map((m) => keyOf(m.switch))])) });

  return (
    <div className="grid gap-4">
      <Alert variant="success">
        <AlertDescription>Unsubscribed successfully</AlertDescription>
      </Alert>
      {mails.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          Nothing was on to turn off: <span className="break-all">{link.email}</span> already received none of {what}.
        </p>
      ) : (
        <section aria-labelledby="turned-off" className="grid gap-2">
          <h2 id="turned-off" className="text-sm font-semibold">
            Turned off for <span className="[overflow-wrap:anywhere]">{link.email}</span>
          </h2>
          <ul className="grid gap-2 text-sm">
            {mails.map((m) => (
              <li key={keyOf(m.switch)} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span className="min-w-0 break-words">{m.name}</span>
                {on.has(keyOf(m.switch)) ? (
                  <span className="text-success">Subscribed again</span>
                ) : (
                  <Button type="button" size="sm" variant="outline" aria-label={`Re-subscribe to ${m.name}`} onClick={() => turnOn([m])} disabled={action.isPending}>
                    Re-subscribe
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {off.length > 1 && (
            <Button type="button" variant="outline" onClick={() => turnOn(off)} disabled={action.isPending}>
              {action.isPending && <Spinner label="Re-subscribing" />}
              Re-subscribe to all of these
            </Button>
          )}
        </section>
      )}
      <FailureAndSubscriptions error={action.isError ? action.error : null} link={link} />
    </div>
  );
}

/** Below either page: why the last action failed, if it did, and what the address receives now. */
function FailureAndSubscriptions({ error, link }: { error: Error | null; link: UnsubscribeLinkResponse }) {
  return (
    <>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error.message}</AlertDescription>
        </Alert>
      )}
      <Subscriptions link={link} />
    </>
  );
}

function Subscriptions({ link }: { link: UnsubscribeLinkResponse }) {
  const on = link.subscriptions.filter((s) => s.subscribed);
  return (
    <section aria-labelledby="current-subscriptions" className="grid gap-2 border-t pt-4">
      <h2 id="current-subscriptions" className="text-sm font-semibold">
        Current subscriptions
      </h2>
      {on.length === 0 ? (
        <p className="text-sm text-muted-foreground">None: this address receives no broadcasts.</p>
      ) : (
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {on.map((s) => (
            <li key={s._id}>{s.name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
