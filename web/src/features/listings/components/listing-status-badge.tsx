import type { ListingStatus } from '@shared/api/schemas/listings';
import { Badge } from '@/components/ui/badge';

const look: Record<ListingStatus, { label: string; variant: 'outline' | 'secondary' | 'default' | 'success' }> = {
  draft: { label: 'Draft', variant: 'outline' },
  queued: { label: 'Queued', variant: 'secondary' },
  processing: { label: 'Processing', variant: 'default' },
  published: { label: 'Published', variant: 'success' },
  expired: { label: 'Expired', variant: 'outline' },
  sold: { label: 'Sold', variant: 'secondary' },
  leased: { label: 'Leased', variant: 'secondary' },
};

/** Draft → Queued (waiting for the next blast) → Processing (blast under way) → Published, then Expired, Sold or Leased. */
export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  return <Badge variant={look[status].variant}>{look[status].label}</Badge>;
}
