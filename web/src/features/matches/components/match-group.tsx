import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { Match } from '@shared/api/schemas/matches';
import { Button } from '@/components/ui/button';
import { MatchItem } from './match-item';

/** One of the broker's requirements or listings with its matches, best first; dismissed ones folded away. */
export function MatchGroup({ title, to, matches }: { title: string; to: string; matches: readonly Match[] }) {
  const headingId = useId();
  const [showDismissed, setShowDismissed] = useState(false);
  const open = matches.filter((m) => m.state !== 'dismissed');
  const dismissed = matches.filter((m) => m.state === 'dismissed');
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-base font-semibold break-words">
        <Link to={to} className="hover:underline">
          {title}
        </Link>
      </h3>
      {open.length > 0 ? (
        <ul className="grid gap-3">
          {open.map((match) => (
            <MatchItem key={`${match.requirementId}/${match.listingId}`} match={match} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Every match here is dismissed.</p>
      )}
      {dismissed.length > 0 && (
        <div className="grid gap-3">
          <Button variant="link" className="justify-self-start px-0" aria-expanded={showDismissed} onClick={() => setShowDismissed((v) => !v)}>
            {showDismissed ? 'Hide dismissed' : `Show ${dismissed.length} dismissed`}
          </Button>
          {showDismissed && (
            <ul className="grid gap-3 opacity-80">
              {dismissed.map((match) => (
                <MatchItem key={`${match.requirementId}/${match.listingId}`} match={match} />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
