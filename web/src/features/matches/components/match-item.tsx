import { Link } from '@tanstack/react-router';
import type { Match } from '@shared/api/schemas/matches';
import { PhoneLink } from '@/components/phone-link';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { listingPath, requirementPath } from '@/features/consumer/paths';
import { useUpdateMatch } from '../api/match-queries';
import { MatchReasons } from './match-reasons';

/** The other broker of a match: name, firm, phone and e-mail (the listing side's "contact card"). */
function Counterpart({ contact }: { contact: NonNullable<Match['counterpart']> }) {
  const name = `${contact.firstName} ${contact.lastName}`.trim();
  return (
    <p className="text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{name}</span>
      {contact.brokerInfo?.name && ` · ${contact.brokerInfo.name}`}
      {contact.phone && (
        <>
          {' · '}
          <PhoneLink phone={contact.phone} className="underline" />
        </>
      )}
      {contact.email && (
        <>
          {' · '}
          <a className="break-all text-primary underline" href={`mailto:${contact.email}`}>
            {contact.email}
          </a>
        </>
      )}
    </p>
  );
}

/** One match under the broker's requirement (a listing) or listing (a requirement), with its decisions. */
export function MatchItem({ match }: { match: Match }) {
  const update = useUpdateMatch();
  const theirs = match.side === 'requirement' ? { title: match.listingTitle, to: listingPath(match.listingId) } : { title: match.requirementTitle, to: requirementPath(match.requirementId) };
  const decide = (state: Match['state']) => update.mutate({ requirementId: match.requirementId, listingId: match.listingId, body: { side: match.side, state } });
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-4" data-testid="match">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <Link to={theirs.to} className="font-medium break-words text-primary hover:underline">
            {theirs.title}
          </Link>
          {match.counterpart && <Counterpart contact={match.counterpart} />}
        </div>
        <div className="flex items-center gap-2">
          {match.state === 'sentToClient' && <Badge variant="success">Sent to client</Badge>}
          <Badge variant="secondary">Score {match.score}</Badge>
        </div>
      </div>
      <MatchReasons reasons={match.reasons} />
      <div className="flex flex-wrap gap-2">
        {match.state === 'dismissed' ? (
          <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => decide('open')}>
            Restore
          </Button>
        ) : (
          <>
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => decide('dismissed')}>
              Dismiss
            </Button>
            {match.state === 'sentToClient' ? (
              <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => decide('open')}>
                Undo sent to client
              </Button>
            ) : (
              <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => decide('sentToClient')}>
                Mark sent to client
              </Button>
            )}
          </>
        )}
      </div>
      {update.isError && (
        <p role="alert" className="text-sm text-destructive">
          {update.error.message}
        </p>
      )}
    </li>
  );
}
