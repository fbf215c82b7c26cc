import type { RequirementStatus } from '@shared/api/schemas/requirements';
import { Badge } from '@/components/ui/badge';

export const requirementStatusLook: Record<
  RequirementStatus,
  { label: string; variant: 'outline' | 'secondary' | 'default' | 'success'; meaning: string }
> = {
  pending: { label: 'Pending', variant: 'outline', meaning: 'Saved, waiting for the broadcast' },
  queued: { label: 'Queued', variant: 'secondary', meaning: 'Accepted for the broadcast' },
  processing: { label: 'Processing', variant: 'default', meaning: 'Being e-mailed to subscribed brokers' },
  sent: { label: 'Sent', variant: 'success', meaning: 'Broadcast to the community' },
  filled: { label: 'Filled', variant: 'secondary', meaning: 'The client found a property' },
  withdrawn: { label: 'Withdrawn', variant: 'outline', meaning: 'Taken back by its broker' },
  expired: { label: 'Expired', variant: 'outline', meaning: '90 days without a renewal' },
};

/** Pending → Queued → Processing → Sent, then Filled, Withdrawn or Expired (PRODUCT.md "Requirement lifecycle"). */
export function RequirementStatusBadge({ status }: { status: RequirementStatus }) {
  return <Badge variant={requirementStatusLook[status].variant}>{requirementStatusLook[status].label}</Badge>;
}
