import { ItemHistory } from '@/features/delegates/components/item-history';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useBreadcrumbTitle } from '@/features/consumer/components/breadcrumbs';
import { isApiError } from '@/lib/api';
import { listingQuery } from '../api/listing-queries';
import { ListingStatusBadge } from '../components/listing-status-badge';
import { ListingView } from '../components/listing-view';
import { ListingOwnerActions } from './listing-owner-actions';
import type { Listing } from '@shared/api/schemas/listings';
import { OperatorRemoveButton } from '@/features/operators/components/operator-remove-button';

const route = getRouteApi('/consumer/listing/$listingId');

/** Why only its owner sees it, for the statuses after publishing. */
const notPublishedText: Partial<Record<Listing['status'], string>> = {
  expired: 'This listing has expired: brokers no longer see it. Only you can see it.',
  sold: 'This listing is sold. Only you can see it.',
  leased: 'This listing is leased. Only you can see it.',
};

/**
 * Spec 02 "Listing detail". Other brokers see published listings; the owner sees their own in every
 * status, with a note while it is not yet published.
 */
export function ListingDetailPage() {
  const { listingId } = route.useParams();
  const [now] = useState(() => new Date());
  const { data, error, isPending } = useQuery(listingQuery(listingId));
  const listing = data?.listing;
  useBreadcrumbTitle(listing?.title);

  return (
    <main id="main" className="flex w-full flex-1 flex-col gap-6 p-4 md:p-6">
      <title>{`${listing?.title || 'Listing'} · BISN`}</title>
      {isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading the listing">
          <Skeleton className="aspect-[3/2] w-full max-w-4xl" />
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-24 w-full max-w-4xl" />
        </div>
      ) : error ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertDescription>
            <p>{isApiError(error) && error.status === 404 ? 'This listing does not exist or is no longer available.' : error.message}</p>
            <Link className="underline" to="/consumer/listings">
              Back to Listings
            </Link>
          </AlertDescription>
        </Alert>
      ) : listing ? (
        <>
          <div className="flex justify-end empty:hidden">
            <OperatorRemoveButton kind="listing" id={listing.listingId} title={listing.title} />
          </div>
          <ListingOwnerActions listing={listing} />
          <ItemHistory history={listing.history} />
          {listing.status !== 'published' && (
            <Alert className="flex flex-wrap items-center gap-3">
              <AlertDescription className="flex flex-wrap items-center gap-2">
                <ListingStatusBadge status={listing.status} />
                <span>{notPublishedText[listing.status] ?? 'This listing is not yet published. Only you can see it.'}</span>
              </AlertDescription>
              {listing.status === 'draft' && (
                <Button asChild size="sm" variant="outline" className="ml-auto">
                  <Link to="/consumer/my-listings" search={{ edit: listing.listingId }}>
                    <PencilIcon aria-hidden="true" /> Edit
                  </Link>
                </Button>
              )}
            </Alert>
          )}
          <ListingView listing={listing} now={now} />
        </>
      ) : null}
    </main>
  );
}
