import { useInfiniteQuery } from '@tanstack/react-query';
import type { Match } from '@shared/api/schemas/matches';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { listingPath, requirementPath } from '@/features/consumer/paths';
import { matchesQuery } from '../api/match-queries';
import { MatchGroup } from '../components/match-group';

interface Group {
  key: string;
  title: string;
  to: string;
  matches: Match[];
}

/** Consecutive matches of one requirement (or listing) of the broker: the API answers them grouped. */
function groupsOf(matches: readonly Match[], side: Match['side']): Group[] {
  const groups = new Map<string, Group>();
  for (const match of matches.filter((m) => m.side === side)) {
    const key = side === 'requirement' ? match.requirementId : match.listingId;
    const group = groups.get(key) ?? {
      key,
      title: side === 'requirement' ? match.requirementTitle : match.listingTitle,
      to: side === 'requirement' ? requirementPath(match.requirementId) : listingPath(match.listingId),
      matches: [],
    };
    group.matches.push(match);
    groups.set(key, group);
  }
  for (const group of groups.values()) group.matches.sort((a, b) => b.score - a.score);
  return [...groups.values()];
}

function Side({ heading, empty, groups }: { heading: string; empty: string; groups: Group[] }) {
  return (
    <section aria-label={heading} className="grid gap-4">
      <h2 className="text-lg font-semibold">{heading}</h2>
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        groups.map((group) => <MatchGroup key={group.key} title={group.title} to={group.to} matches={group.matches} />)
      )}
    </section>
  );
}

/**
 * The broker's requirements, each with the listings that fit it ranked by score with the
 * reasons, and their listings, each with the requirements that fit it and that broker's contact card.
 * Only the two brokers of a match see it.
 */
export function MatchesPage() {
  const query = useInfiniteQuery(matchesQuery());
  const matches = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ConsumerPage title="Matches">
      <p className="max-w-3xl text-sm text-muted-foreground">
        Every sent requirement is compared with every published listing of the same property type in its markets. Matches appear here
        when a listing fits one of your requirements, or a requirement fits one of your listings. Only you and the other broker see them.
      </p>
      {query.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading matches">
          <Skeleton className="h-24 w-full max-w-4xl" />
          <Skeleton className="h-24 w-full max-w-4xl" />
        </div>
      ) : query.isError ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertDescription>Failed to load your matches: {query.error.message}</AlertDescription>
        </Alert>
      ) : (
        <div className="grid max-w-4xl gap-8">
          <Side heading="My requirements" empty="No listing fits your requirements yet." groups={groupsOf(matches, 'requirement')} />
          <Side heading="My listings" empty="No requirement fits your listings yet." groups={groupsOf(matches, 'listing')} />
          {query.hasNextPage && (
            <Button variant="outline" className="justify-self-start" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Load more
            </Button>
          )}
        </div>
      )}
    </ConsumerPage>
  );
}
