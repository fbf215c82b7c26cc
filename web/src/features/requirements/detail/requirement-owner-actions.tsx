import { useState } from 'react';
import type { Requirement } from '@shared/api/schemas/requirements';
import { formatDate } from '@shared/rules/format';
import { canRequirement } from '@shared/rules/lifecycle';
import { ConfirmButton } from '@/components/confirm-button';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { toast } from '@/lib/toast';
import { useRequirementAction } from '../api/requirement-queries';

const CreateRequirementDialog = lazyDialog(() => import('../create/create-requirement-dialog'), 'CreateRequirementDialog');
const FillRequirementDialog = lazyDialog(() => import('./fill-requirement-dialog'), 'FillRequirementDialog');

/** The owner's actions on their requirement: edit, mark filled, withdraw, renew. */
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
              {
                onSuccess: () => toast.success('Renewed for 90 days.'),
                onError: (error) => toast.error(error.message),
              },
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
            withdraw.mutate(
              { requirementId: requirement.requirementId },
              {
                onSuccess: () => toast.success('Withdrawn.'),
                onError: (error) => toast.error(error.message),
              },
            )
          }
          buttonProps={{ size: 'sm', variant: 'ghost' }}
        >
          Withdraw
        </ConfirmButton>
      )}
      <CreateRequirementDialog open={editing} onOpenChange={setEditing} editing={requirement} />
      <FillRequirementDialog requirement={requirement} open={filling} onOpenChange={setFilling} />
    </div>
  );
}
