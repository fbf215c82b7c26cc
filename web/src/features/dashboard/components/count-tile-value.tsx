import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { apiQuery } from '@/lib/query';
import { TileValue } from './dashboard-tile';

/** A community-wide count from the API (active requirements, recent listings), with its loading and failure states. */
export function CountTileValue({ routeId }: { routeId: 'countActiveRequirements' | 'countRecentListings' }) {
  const { data, isPending, isError } = useQuery(apiQuery(routeId));
  if (isPending) return <Skeleton className="h-9 w-16" aria-label="Loading" />;
  if (isError) {
    return (
      <TileValue className="text-muted-foreground" aria-label="Not available right now">
        –
      </TileValue>
    );
  }
  return <TileValue>{data.count.toLocaleString('en-US')}</TileValue>;
}
