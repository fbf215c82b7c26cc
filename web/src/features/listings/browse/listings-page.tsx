import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { failureDetail } from '@/lib/api-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { browseListingsQuery } from '../api/listing-queries';
import { ListingCard } from '../components/listing-card';
import { ListingFilters, knownListingFilters } from './listing-filters';
import { LoadMoreButton } from '@/components/load-more-button';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { CriteriaForm } from '@/features/search/components/criteria-form';
import { ResultControls } from '@/features/search/components/result-controls';
import { knownSort, urlSearchOf } from '@/features/search/criteria-url';
import { useKnownCriteria } from '@/features/search/use-known-criteria';
import { listingCriteriaNames, type CriterionParam } from '@/lib/search-criteria-params';
import type { BrowseSort } from '@shared/rules/search';
import type { ListingsSearch } from './listings-search';

const route = getRouteApi('/consumer/listings');

export const noListingsText = 'No listings found.';

/**
 * Spec 02 "Listings browser": the published listings of the market, newest first, 25 at a time; the criteria
 * beside the spec's filters, the count and the order live in the URL too.
 */
export function ListingsPage() {
  // Unknown catalogue ids in the URL are dropped here (and from the URL with the next filter change).
  const search = route.useSearch();
  const filters = knownListingFilters(search);
  const criteria = useKnownCriteria('listings', search, listingCriteriaNames);
  const sort = knownSort(search.sort);
  const navigate = route.useNavigate();
  const show = (next: { filters?: ListingsSearch; criteria?: Record<string, CriterionParam>; sort?: BrowseSort }) =>
    void navigate({ search: { ...(next.filters ?? filters), ...(next.criteria ?? urlSearchOf(criteria ?? {})), sort: knownSort(next.sort ?? sort) }, replace: true });
  const [now] = useState(() => new Date());
  // Read once the URL's criteria are checked, so a search never shows another's results first.
  const listings = useInfiniteQuery({ ...browseListingsQuery({ ...filters, ...criteria, ...(sort ? { sort } : {}) }), enabled: !!criteria });
  const items = listings.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ConsumerPage title="Listings" actions={<SaveSearchButton query={{ kind: 'listings', filters: { ...filters, ...criteria } }} />}>
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
            onChange={(name, value) => show({ filters: { ...filters, [name]: value } })}
            onClear={() => show({ filters: {} })}
          />
          {criteria && <CriteriaForm key={JSON.stringify(criteria)} kind="listings" value={criteria} onApply={(next) => show({ criteria: next })} />}
          <ResultControls kind="listings" total={listings.data?.pages[0]?.total} sort={sort ?? 'newest'} onSort={(next) => show({ sort: next })} />

          {listings.isPending || !criteria ? (
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
