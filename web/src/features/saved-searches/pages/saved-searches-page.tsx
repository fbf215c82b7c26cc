import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { consumerPaths } from '@/features/consumer/paths';
import { savedSearchesQuery } from '../api/saved-search-queries';
import { KeepFromLink } from '../components/keep-from-link';
import { SavedSearchRow } from '../components/saved-search-row';

const route = getRouteApi('/consumer/saved-searches');

/** "Saved searches": each search with its filters, frequency and state, to open, change or delete. */
export function SavedSearchesPage() {
  const searches = useQuery(savedSearchesQuery());
  const { keep } = route.useSearch();
  return (
    <ConsumerPage title="Saved Searches">
      {keep && searches.data && <KeepFromLink savedSearchId={keep} searches={searches.data.items} />}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your saved searches</CardTitle>
          <CardDescription>
            Save the filters of the{' '}
            <Link to={consumerPaths.listings} className="underline underline-offset-4">
              listings
            </Link>{' '}
            or{' '}
            <Link to={consumerPaths.requirements} className="underline underline-offset-4">
              requirements
            </Link>{' '}
            browser with “Save search”, and you are e-mailed what is new: at once, in your daily digest, or in Monday’s.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {searches.isPending ? (
            <Skeleton className="h-24 w-full" role="status" aria-label="Loading your saved searches" />
          ) : searches.isError ? (
            <Alert variant="destructive">
              <AlertDescription>Failed to load your saved searches: {searches.error.message}</AlertDescription>
            </Alert>
          ) : searches.data.items.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">You have no saved searches yet.</p>
          ) : (
            <ul className="grid gap-3" aria-label="Saved searches">
              {searches.data.items.map((search) => (
                <SavedSearchRow key={search.savedSearchId} search={search} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </ConsumerPage>
  );
}
