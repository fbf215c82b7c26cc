import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { ListingMapProps } from './listing-map';

// pigeon-maps and the county outlines land in the listing detail's own chunk.
const ListingMap = lazy(() => import('./listing-map'));

export function LazyListingMap(props: ListingMapProps) {
  return (
    <Suspense fallback={<Skeleton className="h-72 w-full rounded-lg" />}>
      <ListingMap {...props} />
    </Suspense>
  );
}
