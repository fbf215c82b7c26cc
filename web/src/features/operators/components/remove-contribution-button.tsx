import { ConfirmButton } from '@/components/confirm-button';
import { useRemoveContribution, type ContributionKind } from '../api/remove-contribution';

/**
 * Operators remove a broker's contribution (PRODUCT.md "Accounts and approval"). Shown only to members
 * of the `operators` group (OperatorRemoveButton); the API refuses everyone else anyway.
 */
export function RemoveContributionButton({ kind, id, title }: { kind: ContributionKind; id: string; title: string }) {
  const remove = useRemoveContribution(kind, id, title);
  return (
    <ConfirmButton
      title={`Remove this ${kind}?`}
      description={`"${title}" and everything stored with it will be deleted for every broker, its author included. This cannot be undone.`}
      confirmLabel={`Remove ${kind === 'listing' ? 'Listing' : 'Requirement'}`}
      destructive
      disabled={remove.isPending}
      onConfirm={() => remove.mutate()}
      buttonProps={{ size: 'sm', variant: 'outline', className: 'text-destructive' }}
    >
      Remove (operator)
    </ConfirmButton>
  );
}
