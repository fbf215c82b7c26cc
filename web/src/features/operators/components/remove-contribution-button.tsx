import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ConfirmButton } from '@/components/confirm-button';
import { api } from '@/lib/api';
import { apiKey } from '@/lib/query';
import { toast } from '@/lib/toast';

const kinds = {
  listing: { route: 'adminDeleteListing', param: 'listingId', back: '/consumer/listings', lists: ['listListings', 'countRecentListings', 'adminListAudit'] },
  requirement: {
    route: 'adminDeleteRequirement',
    param: 'requirementId',
    back: '/consumer/requirements',
    lists: ['listRequirements', 'countActiveRequirements', 'adminListAudit'],
  },
} as const;

/**
 * Operators remove a broker's contribution (PRODUCT.md "Accounts and approval"). Shown only to members
 * of the `operators` group (OperatorRemoveButton); the API refuses everyone else anyway.
 */
export function RemoveContributionButton({ kind, id, title }: { kind: keyof typeof kinds; id: string; title: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { route, param, back, lists } = kinds[kind];
  const remove = useMutation({
    mutationFn: () => api(route, { params: { [param]: id } as never }),
    onSuccess: async () => {
      toast.success(`Removed "${title}".`);
      await Promise.all(lists.map((list) => queryClient.invalidateQueries({ queryKey: apiKey(list) })));
      await navigate({ to: back, replace: true });
    },
    onError: (error) => toast.error(error.message),
  });
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
