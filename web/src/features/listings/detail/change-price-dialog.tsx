import { useState } from 'react';
import type { Listing } from '@shared/api/schemas/listings';
import { listingTypeHasLease, listingTypeHasSale } from '@shared/catalog';
import { parseDecimalInput } from '@shared/rules/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useListingAction } from '../api/listing-queries';
import { PriceInput } from '../editor/number-inputs';

/** A published listing's new price or lease rate, kept in its price history: the fields of its type only. */
export function ChangePriceDialog({ listing, open, onOpenChange }: { listing: Listing; open: boolean; onOpenChange: (open: boolean) => void }) {
  const change = useListingAction('changeListingPrice');
  const [price, setPrice] = useState(listing.price === null ? '' : String(listing.price));
  const [leasePrice, setLeasePrice] = useState(listing.leasePrice === null ? '' : String(listing.leasePrice));
  const [sale, lease] = [listingTypeHasSale(listing.listingTypeId), listingTypeHasLease(listing.listingTypeId)];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change the price</DialogTitle>
          <DialogDescription>The change is shown on the listing with its date; its matches are recomputed.</DialogDescription>
        </DialogHeader>
        <div className={sale && lease ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}>
          {sale && (
            <div className="grid gap-1.5">
              <Label htmlFor="change-price">Sales Price</Label>
              <PriceInput id="change-price" value={price} onChange={setPrice} />
            </div>
          )}
          {lease && (
            <div className="grid gap-1.5">
              <Label htmlFor="change-lease">Lease Rate (per sqft)</Label>
              <PriceInput id="change-lease" value={leasePrice} onChange={setLeasePrice} />
            </div>
          )}
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
                  body: {
                    price: parseDecimalInput(price),
                    leasePrice: parseDecimalInput(leasePrice),
                    leaseFrequencyId: listing.leaseFrequencyId,
                    version: listing.version,
                  },
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
