import { ItemHistory } from '@/features/delegates/components/item-history';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { formatDate } from '@shared/rules/format';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { useBreadcrumbTitle } from '@/features/consumer/components/breadcrumbs';
import { BrokerCard, ContactCard } from '@/features/listings/components/contact-cards';
import { isApiError } from '@/lib/api';
import { requirementQuery } from '../api/requirement-queries';
import { RequirementSections } from '../components/requirement-sections';
import { RequirementStatusBadge, requirementStatusLook } from '../components/requirement-status-badge';
import { RequirementOwnerActions } from './requirement-owner-actions';
import { OperatorRemoveButton } from '@/features/operators/components/operator-remove-button';

const route = getRouteApi('/consumer/requirement/$requirementId');

/**
 * Spec 02 "Requirement detail". Every broker sees sent requirements; the author also sees their own
 * while it is still being broadcast, with its status.
 */
export function RequirementDetailPage() {
  const { requirementId } = route.useParams();
  const { data, error, isPending } = useQuery(requirementQuery(requirementId));
  const requirement = data?.requirement;
  useBreadcrumbTitle(requirement?.title);

  return (
    <main id="main" className="flex w-full flex-1 flex-col gap-6 p-4 md:p-6">
      <title>{`${requirement?.title || 'Requirement'} · BISN`}</title>
      {isPending ? (
        <div className="grid gap-4" role="status" aria-label="Loading the requirement">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-32 w-full max-w-4xl" />
          <Skeleton className="h-24 w-full max-w-4xl" />
        </div>
      ) : error ? (
        <Alert variant="destructive" className="max-w-xl">
          <AlertDescription>
            <p>
              {isApiError(error) && error.status === 404
                ? 'This requirement does not exist or is no longer available.'
                : `Failed to fetch requirement: ${error.message}`}
            </p>
            <Link className="underline" to="/consumer/requirements">
              Back to Requirements
            </Link>
          </AlertDescription>
        </Alert>
      ) : requirement ? (
        <>
          <header className="grid gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="outline">{requirement.type.name}</Badge>
              <Badge variant="outline">{requirement.propertyType.name}</Badge>
              {requirement.status !== 'sent' && <RequirementStatusBadge status={requirement.status} />}
            </div>
            <h1 className="text-2xl font-semibold tracking-tight break-words">{requirement.title}</h1>
            <p className="text-sm text-muted-foreground">
              {requirement.sentAt
                ? `Sent on ${formatDate(requirement.sentAt)}`
                : 'Not yet broadcast. Only you can see it until it has been sent.'}
              {requirement.closedAt && ` · ${requirementStatusLook[requirement.status].label} on ${formatDate(requirement.closedAt)}`}
              {requirement.outcome &&
                (requirement.outcome.kind === 'bisn-listing' ? ` through the listing “${requirement.outcome.listingTitle}”` : ' elsewhere')}
            </p>
            <RequirementOwnerActions requirement={requirement} />
            <ItemHistory history={requirement.history} />
            <div className="empty:hidden">
              <OperatorRemoveButton kind="requirement" id={requirement.requirementId} title={requirement.title} />
            </div>
          </header>
          <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <RequirementSections requirement={requirement} />
            {requirement.user && (
              <aside className="grid gap-4" aria-label="Contact">
                <ContactCard contact={requirement.user} />
                <BrokerCard contact={requirement.user} />
              </aside>
            )}
          </div>
        </>
      ) : null}
    </main>
  );
}
