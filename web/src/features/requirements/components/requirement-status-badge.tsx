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
};

/** Pending → Queued → Processing → Sent (PRODUCT.md "Requirement lifecycle"). */
export function RequirementStatusBadge({ status }: { status: RequirementStatus }) {
  return <Badge variant={requirementStatusLook[status].variant}>{requirementStatusLook[status].label}</Badge>;
}
