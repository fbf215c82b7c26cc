import { useState } from 'react';
import type { Listing } from '@shared/api/schemas/listings';
import { formatDate, parseDecimalInput } from '@shared/rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useAuth } from '@/features/auth';
import { toast } from '@/lib/toast';
import { useListingAction } from '../api/listing-queries';
import { PriceInput } from '../editor/number-inputs';

/** Sold or leased, with the date if the broker gives one (issue 14). */
function CloseDialog({ listing, open, onOpenChange }: { listing: Listing; open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = useListingAction('closeListing');
  const [outcome, setOutcome] = useState<'sold' | 'leased'>(listing.type?.listingTypeId === 'for-lease' ? 'leased' : 'sold');
  const [closedOn, setClosedOn] = useState('');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark this listing sold or leased?</DialogTitle>
          <DialogDescription>It leaves the listings brokers browse and its matches end. It stays in My listings.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="close-outcome">Outcome</Label>
            <NativeSelect id="close-outcome" value={outcome} onChange={(event) => setOutcome(event.target.value === 'leased' ? 'leased' : 'sold')}>
              <option value="sold">Sold</option>
              <option value="leased">Leased</option>
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="close-date">Date (optional)</Label>
            <Input id="close-date" type="date" value={closedOn} onChange={(event) => setClosedOn(event.target.value)} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={close.isPending}
            onClick={() =>
              close.mutate(
                { listingId: listing.listingId, body: { outcome, ...(closedOn ? { closedOn } : {}) } },
                {
                  onSuccess: () => {
                    toast.success(`Marked ${outcome}.`);
                    onOpenChange(false);
                  },
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          >
            Mark {outcome === 'sold' ? 'Sold' : 'Leased'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A published listing's new price or lease rate, kept in its price history (issue 14). */
function PriceDialog({ listing, open, onOpenChange }: { listing: Listing; open: boolean; onOpenChange: (open: boolean) => void }) {
  const change = useListingAction('changeListingPrice');
  const [price, setPrice] = useState(listing.price === null ? '' : String(listing.price));
  const [leasePrice, setLeasePrice] = useState(listing.leasePrice === null ? '' : String(listing.leasePrice));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change the price</DialogTitle>
          <DialogDescription>The change is shown on the listing with its date; its matches are recomputed.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="change-price">Sales Price</Label>
            <PriceInput id="change-price" value={price} onChange={setPrice} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="change-lease">Lease Rate (per sqft)</Label>
            <PriceInput id="change-lease" value={leasePrice} onChange={setLeasePrice} />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                {
                  listingId: listing.listingId,
                  body: { price: parseDecimalInput(price), leasePrice: parseDecimalInput(leasePrice), leaseFrequencyId: listing.leaseFrequencyId, version: listing.version },
                },
                {
                  onSuccess: () => {
                    toast.success('Price changed.');
                    onOpenChange(false);
                  },
                  onError: (error) => toast.error(error.message),
                },
              )
            }
          >
            Save Price
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The owner's actions on their published or expired listing (issue 14): renew, change price, sold or leased. */
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
        onClick={() => renew.mutate({ listingId: listing.listingId }, { onSuccess: () => toast.success('Renewed for 120 days.'), onError: (error) => toast.error(error.message) })}
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
      <CloseDialog listing={listing} open={closing} onOpenChange={setClosing} />
      {repricing && <PriceDialog listing={listing} open={repricing} onOpenChange={setRepricing} />}
    </div>
  );
}
