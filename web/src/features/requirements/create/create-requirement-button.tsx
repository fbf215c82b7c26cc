import { PlusIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { CreationsLeftNote } from '@/features/creation-quota/components/creations-left-note';

const CreateRequirementDialog = lazyDialog(() => import('./create-requirement-dialog'), 'CreateRequirementDialog');

export const awaitingApprovalText = 'You can create requirements once your account is approved.';

/**
 * Opens the Create New Requirement modal; disabled, with the reason, until the account is approved.
 * `openAtFirst`: open on arrival (the dashboard's button), once the account is known to be approved.
 */
export function CreateRequirementButton({ openAtFirst = false, onOpened }: { openAtFirst?: boolean; onOpened?: () => void }) {
  const { isApproved } = useAuth();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!openAtFirst || !isApproved) return;
    setOpen(true);
    onOpened?.();
  }, [openAtFirst, isApproved, onOpened]);
  const noteId = useId();
  return (
    <div className="grid justify-items-end gap-1">
      <Button onClick={() => setOpen(true)} disabled={!isApproved} aria-describedby={isApproved ? undefined : noteId}>
        <PlusIcon aria-hidden="true" />
        Create New Requirement
      </Button>
      {!isApproved && (
        <p id={noteId} className="text-xs text-muted-foreground">
          {awaitingApprovalText}
        </p>
      )}
      {isApproved && <CreationsLeftNote kind="requirements" />}
      <CreateRequirementDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}
