import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { apiQuery } from '@/lib/query';
import { TileValue } from './dashboard-tile';

type CountRoute = 'countActiveRequirements' | 'countRecentListings';

/** What a tile says when its count fails: spec 02 §8 names the requirement count's; the listing count's says the same of listings. */
export const countFetchFailed: Record<CountRoute, string> = {
  countActiveRequirements: 'Failed to fetch requirement count',
  countRecentListings: 'Failed to fetch listing count',
};

/** A community-wide count from the API (active requirements, recent listings), with its loading and failure states. */
export function CountTileValue({ routeId }: { routeId: CountRoute }) {
  const { data, isPending, isError } = useQuery(apiQuery(routeId));
  if (isPending) return <Skeleton className="h-9 w-16" aria-label="Loading" />;
  if (isError) return <p className="text-sm text-destructive">{countFetchFailed[routeId]}</p>;
  return <TileValue>{data.count.toLocaleString('en-US')}</TileValue>;
}
