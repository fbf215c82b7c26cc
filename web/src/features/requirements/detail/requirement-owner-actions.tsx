import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Requirement } from '@shared/api/schemas/requirements';
import { canRequirement, formatDate } from '@shared/rules';
import { ConfirmButton } from '@/components/confirm-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useAuth } from '@/features/auth';
import { apiQuery } from '@/lib/query';
import { toast } from '@/lib/toast';
import { useRequirementAction } from '../api/requirement-queries';
import { CreateRequirementDialog } from '../create/create-requirement-dialog';

/** "Filled": through one of the listings that matched it on BISN, or elsewhere. */
function FillDialog({ requirement, open, onOpenChange }: { requirement: Requirement; open: boolean; onOpenChange: (open: boolean) => void }) {
  const fill = useRequirementAction('fillRequirement');
  const matches = useQuery({ ...apiQuery('listRequirementMatches', { params: { requirementId: requirement.requirementId } }), enabled: open });
  const [choice, setChoice] = useState('elsewhere');
  const submit = () =>
    fill.mutate(
      { requirementId: requirement.requirementId, body: { outcome: choice === 'elsewhere' ? { kind: 'elsewhere' } : { kind: 'bisn-listing', listingId: choice } } },
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
              <Label htmlFor={`fill-${match.listingId}`}>Through “{match.listingTitle}” on BISN</Label>
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

/** The owner's actions on their requirement (issue 14): edit, mark filled, withdraw, renew. */
export function RequirementOwnerActions({ requirement }: { requirement: Requirement }) {
  const { ownerId } = useAuth();
  const [editing, setEditing] = useState(false);
  const [filling, setFilling] = useState(false);
  const withdraw = useRequirementAction('withdrawRequirement');
  const renew = useRequirementAction('renewRequirement');
  if (ownerId !== requirement.userId) return null;
  const can = (action: Parameters<typeof canRequirement>[0]) => canRequirement(action, requirement.status);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {requirement.expiresAt && <p className="text-sm text-muted-foreground">Active until {formatDate(requirement.expiresAt)}.</p>}
      {can('edit') && (
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          Edit
        </Button>
      )}
      {can('renew') && (
        <Button
          size="sm"
          variant="outline"
          disabled={renew.isPending}
          onClick={() =>
            renew.mutate(
              { requirementId: requirement.requirementId },
              { onSuccess: () => toast.success('Renewed for 90 days.'), onError: (error) => toast.error(error.message) },
            )
          }
        >
          Renew for 90 days
        </Button>
      )}
      {can('fill') && (
        <Button size="sm" onClick={() => setFilling(true)}>
          Mark Filled
        </Button>
      )}
      {can('withdraw') && (
        <ConfirmButton
          title="Withdraw this requirement?"
          description="It leaves the requirements brokers browse and its matches end. This cannot be undone."
          confirmLabel="Withdraw Requirement"
          destructive
          disabled={withdraw.isPending}
          onConfirm={() =>
            withdraw.mutate({ requirementId: requirement.requirementId }, { onSuccess: () => toast.success('Withdrawn.'), onError: (error) => toast.error(error.message) })
          }
          buttonProps={{ size: 'sm', variant: 'ghost' }}
        >
          Withdraw
        </ConfirmButton>
      )}
      <CreateRequirementDialog open={editing} onOpenChange={setEditing} editing={requirement} />
      <FillDialog requirement={requirement} open={filling} onOpenChange={setFilling} />
    </div>
  );
}
