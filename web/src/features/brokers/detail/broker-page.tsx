import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { isApiError } from '@/lib/api';
import { ListingCard } from '@/features/listings/components/listing-card';
import { RequirementsTable } from '@/features/requirements/components/requirements-table';
import { brokerPageQuery } from '../api/broker-queries';
import { BrokerCard } from '../components/broker-card';

const route = getRouteApi('/consumer/brokers/$userId');

/** `/consumer/brokers/{userId}`: a listed broker's card, with their active listings and requirements, linked. */
export function BrokerPage() {
  const { userId } = route.useParams();
  const page = useQuery(brokerPageQuery(userId));
  const [now] = useState(() => new Date());
  const title = page.data ? `${page.data.broker.firstName} ${page.data.broker.lastName}` : 'Broker';
  return (
    <ConsumerPage title={title}>
      {page.isPending ? (
        <Skeleton className="h-48 w-full max-w-md rounded-xl" role="status" aria-label="Loading the broker" />
      ) : page.isError ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertDescription>
            {isApiError(page.error) && page.error.status === 404 ? 'This broker is not in the directory.' : `Failed to load the broker: ${page.error.message}`}
          </AlertDescription>
        </Alert>
      ) : (
        <div className="grid gap-8">
          <div className="max-w-md">
            <BrokerCard broker={page.data.broker} linked={false} />
          </div>
          <section aria-labelledby="broker-listings" className="grid gap-3">
            <h2 id="broker-listings" className="text-lg font-semibold">
              Active listings
            </h2>
            {page.data.listings.length === 0 ? (
              <p className="text-sm text-muted-foreground">No active listings.</p>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Active listings">
                {page.data.listings.map((listing) => (
                  <li key={listing.listingId} className="grid">
                    <ListingCard listing={listing} now={now} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="broker-requirements" className="grid gap-3">
            <h2 id="broker-requirements" className="text-lg font-semibold">
              Active requirements
            </h2>
            <RequirementsTable requirements={page.data.requirements} variant="browse" emptyText="No active requirements." />
          </section>
        </div>
      )}
    </ConsumerPage>
  );
}
