import { useQuery } from '@tanstack/react-query';
import { HandshakeIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { consumerPaths } from '@/features/consumer/paths';
import { DashboardTile, TileValue } from '@/features/dashboard/components/dashboard-tile';
import { apiQuery } from '@/lib/query';

/**
 * The dashboard's Matches tile: the broker's open matches in all, and the caption splits them
 * into those of their requirements and those of their listings.
 */
export function MatchesTile() {
  const { data, isPending, isError } = useQuery(apiQuery('countMatches'));
  const caption = data ? `${data.requirements} for your requirements · ${data.listings} for your listings` : 'For your requirements and your listings';
  return (
    <DashboardTile title="Matches" icon={HandshakeIcon} caption={caption} link={{ to: consumerPaths.matches, label: 'See your matches' }}>
      {isPending ? (
        <Skeleton className="h-9 w-16" aria-label="Loading" />
      ) : isError ? (
        <TileValue className="text-muted-foreground" aria-label="Not available right now">
          –
        </TileValue>
      ) : (
        <TileValue data-testid="matches-count">{data.requirements + data.listings}</TileValue>
      )}
    </DashboardTile>
  );
}
