import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Requirement } from '@shared/api/schemas/requirements';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { apiQuery } from '@/lib/query';
import { toast } from '@/lib/toast';
import { useRequirementAction } from '../api/requirement-queries';

/** "Filled": through one of the listings that matched it on BISN, or elsewhere. */
export function FillRequirementDialog({ requirement, open, onOpenChange }: { requirement: Requirement; open: boolean; onOpenChange: (open: boolean) => void }) {
  const fill = useRequirementAction('fillRequirement');
  const matches = useQuery({
    ...apiQuery('listRequirementMatches', {
      params: { requirementId: requirement.requirementId },
    }),
    enabled: open,
  });
  const [choice, setChoice] = useState('elsewhere');
  const submit = () =>
    fill.mutate(
      {
        requirementId: requirement.requirementId,
        body: {
          outcome: choice === 'elsewhere' ? { kind: 'elsewhere' } : { kind: 'bisn-listing', listingId: choice },
        },
      },
      {
        onSuccess: () => {
          toast.success('Marked filled. It has left the requirements brokers browse.');
          onOpenChange(false);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark this requirement filled?</DialogTitle>
          <DialogDescription>It leaves the requirements brokers browse and its matches end. Brokers who open it see it was filled, not how.</DialogDescription>
        </DialogHeader>
        <RadioGroup value={choice} onValueChange={setChoice} aria-label="How was it filled?" className="grid gap-2">
          {(matches.data?.items ?? []).map((match) => (
            <div key={match.listingId} className="flex items-center gap-2">
              <RadioGroupItem id={`fill-${match.listingId}`} value={match.listingId} />
              <Label htmlFor={`fill-${match.listingId}`}>Through the listing “{match.listingTitle}”</Label>
            </div>
          ))}
          <div className="flex items-center gap-2">
            <RadioGroupItem id="fill-elsewhere" value="elsewhere" />
            <Label htmlFor="fill-elsewhere">Elsewhere</Label>
          </div>
        </RadioGroup>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={fill.isPending}>
            Mark Filled
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
