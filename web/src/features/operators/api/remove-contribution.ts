import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '@/lib/api';
import { apiKey } from '@/lib/query';
import { toast } from '@/lib/toast';

// Apart from operator-queries.ts: the Remove button loads on its own, on a listing's or requirement's page.
const kinds = {
  listing: { route: 'adminDeleteListing', param: 'listingId', back: '/consumer/listings', lists: ['listListings', 'countRecentListings', 'adminListAudit'] },
  requirement: {
    route: 'adminDeleteRequirement',
    param: 'requirementId',
    back: '/consumer/requirements',
    lists: ['listRequirements', 'countActiveRequirements', 'adminListAudit'],
  },
} as const;

export type ContributionKind = keyof typeof kinds;

/**
 * An operator removes a broker's listing or requirement (PRODUCT.md "Accounts and approval"): the lists
 * that showed it load again and the page goes back to its browser; a refusal is shown.
 */
export function useRemoveContribution(kind: ContributionKind, id: string, title: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { route, param, back, lists } = kinds[kind];
  return useMutation({
    mutationFn: () => api(route, { params: { [param]: id } as never }),
    onSuccess: async () => {
      toast.success(`Removed "${title}".`);
      await Promise.all(lists.map((list) => queryClient.invalidateQueries({ queryKey: apiKey(list) })));
      await navigate({ to: back, replace: true });
    },
    onError: (error) => toast.error(error.message),
  });
}
