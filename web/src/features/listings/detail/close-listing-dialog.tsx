import { useState } from 'react';
import type { Listing } from '@shared/api/schemas/listings';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/lib/toast';
import { useListingAction } from '../api/listing-queries';

/** Sold or leased, with the date if the broker gives one. */
export function CloseListingDialog({ listing, open, onOpenChange }: { listing: Listing; open: boolean; onOpenChange: (open: boolean) => void }) {
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
                {
                  listingId: listing.listingId,
                  body: { outcome, ...(closedOn ? { closedOn } : {}) },
                },
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
