import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { failureDetail } from '@/lib/api-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { browseListingsQuery } from '../api/listing-queries';
import { ListingCard } from '../components/listing-card';
import { ListingFilters, knownListingFilters } from './listing-filters';
import { LoadMoreButton } from '@/components/load-more-button';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';

const route = getRouteApi('/consumer/listings');

export const noListingsText = 'No listings found.';

/** Spec 02 "Listings browser": the published listings of the market, newest first, 25 at a time. */
export function ListingsPage() {
  // Unknown catalogue ids in the URL are dropped here (and from the URL with the next filter change).
  const search = route.useSearch();
  const filters = knownListingFilters(search);
  const sort = search.sort === 'daysOnBisn' ? 'daysOnBisn' : undefined;
  const navigate = route.useNavigate();
  const [now] = useState(() => new Date());
  const listings = useInfiniteQuery(browseListingsQuery({ ...filters, ...(sort ? { sort } : {}) }));
  const items = listings.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ConsumerPage title="Listings" actions={<SaveSearchButton query={{ kind: 'listings', filters }} />}>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Broadcasted Listings</CardTitle>
          <CardDescription>
            These are all the listings broadcast in your market. A listing leaves this list after 120 days unless its broker renews it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ListingFilters
            value={filters}
            onChange={(name, value) => void navigate({ search: { ...filters, sort, [name]: value }, replace: true })}
            onClear={() => void navigate({ search: {}, replace: true })}
          />
          <div className="grid max-w-xs gap-1.5">
            <Label htmlFor="listings-sort">Sort by</Label>
            <NativeSelect
              id="listings-sort"
              value={sort ?? 'newest'}
              onChange={(event) => void navigate({ search: { ...filters, sort: event.target.value === 'daysOnBisn' ? 'daysOnBisn' : undefined }, replace: true })}
            >
              <option value="newest">Newest first</option>
              <option value="daysOnBisn">Longest listed first</option>
            </NativeSelect>
          </div>

          {listings.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" role="status" aria-label="Loading listings">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="aspect-[4/5] w-full rounded-xl" />
              ))}
            </div>
          ) : listings.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>Error fetching listings: {listings.error.message}</p>
                {failureDetail(listings.error) && <p className="text-xs">{failureDetail(listings.error)}</p>}
                <Button variant="outline" size="sm" onClick={() => void listings.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">{noListingsText}</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-label="Listings">
              {items.map((listing) => (
                <li key={listing.listingId} className="grid">
                  <ListingCard listing={listing} now={now} />
                </li>
              ))}
            </ul>
          )}

          <LoadMoreButton query={listings} loadingLabel="Loading more listings" />
        </CardContent>
      </Card>
    </ConsumerPage>
  );
}
