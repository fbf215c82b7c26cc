import { useState } from 'react';
import type { Listing } from '@shared/api/schemas/listings';
import { formatDate } from '@shared/rules/format';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { toast } from '@/lib/toast';
import { useListingAction } from '../api/listing-queries';

const CloseListingDialog = lazyDialog(() => import('./close-listing-dialog'), 'CloseListingDialog');
const ChangePriceDialog = lazyDialog(() => import('./change-price-dialog'), 'ChangePriceDialog');

/** The owner's actions on their published or expired listing: renew, change price, sold or leased. */
export function ListingOwnerActions({ listing }: { listing: Listing }) {
  const { ownerId } = useAuth();
  const renew = useListingAction('renewListing');
  const [closing, setClosing] = useState(false);
  const [repricing, setRepricing] = useState(false);
  if (ownerId !== listing.userId || (listing.status !== 'published' && listing.status !== 'expired')) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {listing.expiresAt && (
        <p className="text-sm text-muted-foreground">
          {listing.status === 'expired' ? `Expired on ${formatDate(listing.expiresAt)}; renew it within 60 days to keep it.` : `Active until ${formatDate(listing.expiresAt)}.`}
        </p>
      )}
      <Button
        size="sm"
        variant="outline"
        disabled={renew.isPending}
        onClick={() =>
          renew.mutate(
            { listingId: listing.listingId },
            {
              onSuccess: () => toast.success('Renewed for 120 days.'),
              onError: (error) => toast.error(error.message),
            },
          )
        }
      >
        Renew for 120 days
      </Button>
      {listing.status === 'published' && (
        <Button size="sm" variant="outline" onClick={() => setRepricing(true)}>
          Change Price
        </Button>
      )}
      <Button size="sm" onClick={() => setClosing(true)}>
        Mark Sold or Leased
      </Button>
      <CloseListingDialog listing={listing} open={closing} onOpenChange={setClosing} />
      {repricing && <ChangePriceDialog listing={listing} open={repricing} onOpenChange={setRepricing} />}
    </div>
  );
}
