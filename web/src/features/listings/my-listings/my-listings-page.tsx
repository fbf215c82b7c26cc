import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { PlusIcon, TimerIcon } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth';
import { CreationsLeftNote } from '@/features/creation-quota/components/creations-left-note';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { BlastCountdown } from '@/features/dashboard/components/blast-countdown';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { toast } from '@/lib/toast';
import { myListingsQuery, useCreateListing, useDeleteListing } from '../api/listing-queries';
import { MyListingsTable } from './my-listings-table';

// The editor drawer (forms, image upload, autosave) loads when a listing is first opened for editing.
const ListingEditor = lazy(() => import('../editor/listing-editor').then((m) => ({ default: m.ListingEditor })));

const route = getRouteApi('/consumer/my-listings');

export const awaitingApprovalText = 'You can create listings once your account is approved.';

/** Spec 02 "My listings": the broker's own listings in every status, the next blast, and the editor. */
export function MyListingsPage() {
  const { user, ownerId, isApproved } = useAuth();
  const { edit, create: createOnArrival } = route.useSearch();
  const editorOpened = useOpenedOnce(Boolean(edit));
  const navigate = route.useNavigate();
  const listings = useQuery({ ...myListingsQuery(ownerId ?? ''), enabled: Boolean(user) });
  const createListing = useCreateListing();
  const deleteListing = useDeleteListing();

  const openEditor = (listingId: string) => void navigate({ search: { edit: listingId } });
  const closeEditor = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);

  // Arriving with ?create=true, the new draft replaces that entry: Back does not make another.
  const { mutate: mutateCreate } = createListing;
  const create = useCallback(
    (replace = false) =>
      mutateCreate(undefined, {
        onSuccess: ({ listingId }) => void navigate({ search: { edit: listingId }, replace }),
        onError: (error) => toast.error(error.message),
      }),
    [mutateCreate, navigate],
  );
  const createdOnArrival = useRef(false);
  useEffect(() => {
    if (!createOnArrival || !isApproved || createdOnArrival.current) return;
    createdOnArrival.current = true;
    create(true);
  }, [createOnArrival, isApproved, create]);

  const remove = (listingId: string) =>
    deleteListing.mutate(listingId, {
      onSuccess: () => toast.success('Listing deleted.'),
      onError: (error) => toast.error(error.message),
    });

  return (
    <ConsumerPage
      title="My Listings"
      actions={
        <div className="grid justify-items-end gap-1">
          <Button onClick={() => create()} disabled={!isApproved || createListing.isPending} aria-describedby={isApproved ? undefined : 'create-listing-disabled'}>
            {createListing.isPending ? <Spinner label="Creating" /> : <PlusIcon aria-hidden="true" />}
            Create New Listing
          </Button>
          {!isApproved && (
            <p id="create-listing-disabled" className="text-xs text-muted-foreground">
              {awaitingApprovalText}
            </p>
          )}
          {isApproved && <CreationsLeftNote kind="listings" />}
        </div>
      }
    >
      <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm">
        <TimerIcon className="size-5 text-primary" aria-hidden="true" />
        <span className="text-muted-foreground">Next listings blast in</span>
        <BlastCountdown className="text-lg font-semibold tabular-nums" />
        <span className="text-xs text-muted-foreground">Weekdays at 9:00 AM Eastern. Published listings go out once, in the next blast.</span>
      </div>

      <Card className="py-2">
        <CardContent className="px-2 sm:px-4">
          {listings.isPending ? (
            <div className="grid gap-2 py-4" role="status" aria-label="Loading your listings">
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
              <Skeleton className="h-8 w-full" />
            </div>
          ) : listings.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-destructive">
              {listings.error.message}
            </p>
          ) : (
            <MyListingsTable
              listings={listings.data.items}
              onEdit={openEditor}
              onDelete={remove}
              deletingId={deleteListing.isPending ? deleteListing.variables : undefined}
            />
          )}
        </CardContent>
      </Card>

      {editorOpened && (
        <Suspense>
          <ListingEditor listingId={edit} onClose={closeEditor} />
        </Suspense>
      )}
    </ConsumerPage>
  );
}
