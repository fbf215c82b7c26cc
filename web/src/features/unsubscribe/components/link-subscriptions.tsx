import { useState } from 'react';
import type { UnsubscribeLinkResponse } from '@shared/api/schemas/auth';
import { categoriesOfStream, type UnsubscribeStream } from '@shared/catalog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSetLinkSubscriptions } from '../api/use-unsubscribe-link';

const subscribedIds = (link: UnsubscribeLinkResponse) => link.subscriptions.filter((s) => s.subscribed).map((s) => s._id);

/**
 * A signed link's page: the stream the mail came from, "Unsubscribe from <stream>" and "Unsubscribe from
 * all", and the subscriptions now. Opening it changed nothing; only these buttons act. Done, it offers to
 * re-subscribe to what the address had before.
 */
export function LinkSubscriptions({ token, link }: { token: string; link: UnsubscribeLinkResponse }) {
  const setSubscriptions = useSetLinkSubscriptions(token);
  const [undo, setUndo] = useState<{ previous: string[]; what: string } | null>(null);
  const [resubscribed, setResubscribed] = useState(false);
  const stream = link.stream.id as UnsubscribeStream;
  const current = subscribedIds(link);
  // A saved search's alerts are no category: its one-click link (the mail's header) is its switch.
  const streamCategories = stream === 'all' ? [] : categoriesOfStream(stream);

  const unsubscribe = (remove: readonly string[], what: string) => {
    setResubscribed(false);
    setSubscriptions.mutate(
      current.filter((id) => !remove.includes(id)),
      { onSuccess: () => setUndo({ previous: current, what }) },
    );
  };
  const resubscribe = () =>
    setSubscriptions.mutate(undo!.previous, {
      onSuccess: () => {
        setUndo(null);
        setResubscribed(true);
      },
    });
  const busy = setSubscriptions.isPending;

  if (undo) {
    return (
      <div className="grid gap-4">
        <Alert variant="success">
          <AlertDescription>Unsubscribed successfully</AlertDescription>
        </Alert>
        <p className="text-sm text-muted-foreground">
          {link.email} no longer receives {undo.what}. Changed your mind?
        </p>
        <Button type="button" variant="outline" onClick={resubscribe} disabled={busy}>
          {busy && <Spinner label="Re-subscribing" />}
          Re-subscribe
        </Button>
        <Subscriptions link={link} />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        This e-mail to <span className="font-medium break-all">{link.email}</span> came from{' '}
        <span className="font-medium">{link.stream.name}</span>.
      </p>
      {resubscribed && (
        <Alert variant="success">
          <AlertDescription>You are subscribed again.</AlertDescription>
        </Alert>
      )}
      {/* One column: "Unsubscribe from the weekday listings blast" needs the card's width. */}
      <div className="grid gap-2">
        {streamCategories.length > 0 && (
          <Button
            type="button"
            className="h-auto min-h-9 whitespace-normal"
            onClick={() => unsubscribe(streamCategories, link.stream.name)}
            disabled={busy}
          >
            Unsubscribe from {link.stream.name}
          </Button>
        )}
        <Button
          type="button"
          variant={stream === 'all' ? 'default' : 'outline'}
          onClick={() => unsubscribe(current, 'any of our e-mails')}
          disabled={busy}
        >
          Unsubscribe from all
        </Button>
      </div>
      {setSubscriptions.isError && (
        <Alert variant="destructive">
          <AlertDescription>{setSubscriptions.error.message}</AlertDescription>
        </Alert>
      )}
      <Subscriptions link={link} />
    </div>
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
