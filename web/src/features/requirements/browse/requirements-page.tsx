import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { failureDetail } from '@/lib/api-error';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { browseRequirementsQuery, useMyRequirements } from '../api/requirement-queries';
import { CreateRequirementButton } from '../create/create-requirement-button';
import { RequirementFilters, knownRequirementFilters } from './requirement-filters';
import { RequirementsTable } from '../components/requirements-table';
import { LoadMoreButton } from '@/components/load-more-button';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { CriteriaForm } from '@/features/search/components/criteria-form';
import { ResultControls } from '@/features/search/components/result-controls';
import { knownSort, urlSearchOf } from '@/features/search/criteria-url';
import { useKnownCriteria } from '@/features/search/use-known-criteria';
import { requirementCriteriaNames, type CriterionParam } from '@/lib/search-criteria-params';
import type { BrowseSort } from '@shared/rules/search';
import type { RequirementsSearch } from './requirements-search';

const route = getRouteApi('/consumer/requirements');

/**
 * Spec 02 "Requirements browser": requirements broadcast to the community, newest first, 25 at a time; the
 * criteria beside the spec's filters, the count and the order live in the URL too.
 */
export function RequirementsPage() {
  // Unknown catalogue ids in the URL are dropped here (and from the URL with the next filter change).
  const search = route.useSearch();
  const filters = knownRequirementFilters(search);
  const criteria = useKnownCriteria('requirements', search, requirementCriteriaNames);
  const sort = knownSort(search.sort);
  const navigate = route.useNavigate();
  const show = (next: { filters?: RequirementsSearch; criteria?: Record<string, CriterionParam>; sort?: BrowseSort }) =>
    void navigate({ search: { ...(next.filters ?? filters), ...(next.criteria ?? urlSearchOf(criteria ?? {})), sort: knownSort(next.sort ?? sort) }, replace: true });
  const { ownerId } = useAuth();
  // Read once the URL's criteria are checked, so a search never shows another's results first.
  const requirements = useInfiniteQuery({ ...browseRequirementsQuery({ ...filters, ...criteria, ...(sort ? { sort } : {}) }), enabled: !!criteria });
  // Keeps watching the broker's own new requirement, so it appears here once it has been sent.
  useMyRequirements(ownerId);
  const items = requirements.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <ConsumerPage
      title="Requirements"
      actions={
        <>
          <SaveSearchButton query={{ kind: 'requirements', filters: { ...filters, ...criteria } }} />
          <CreateRequirementButton />
        </>
      }
    >
      <Card>
        <CardHeader>
          <CardTitle as="h2">Broadcasted Requirements</CardTitle>
          <CardDescription>These are the requirements that have been broadcasted to the community.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <RequirementFilters
            value={filters}
            onChange={(name, value) => show({ filters: { ...filters, [name]: value } })}
            onClear={() => show({ filters: {} })}
          />
          {criteria && <CriteriaForm key={JSON.stringify(criteria)} kind="requirements" value={criteria} onApply={(next) => show({ criteria: next })} />}
          <ResultControls kind="requirements" total={requirements.data?.pages[0]?.total} sort={sort ?? 'newest'} onSort={(next) => show({ sort: next })} />

          {requirements.isPending || !criteria ? (
            <div className="grid gap-2" role="status" aria-label="Loading requirements">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-9 w-full" />
              ))}
            </div>
          ) : requirements.isError ? (
            <Alert variant="destructive">
              <AlertDescription>
                <p>Error fetching requirements: {requirements.error.message}</p>
                {failureDetail(requirements.error) && <p className="text-xs">{failureDetail(requirements.error)}</p>}
                <Button variant="outline" size="sm" onClick={() => void requirements.refetch()}>
                  Try again
                </Button>
              </AlertDescription>
            </Alert>
          ) : (
            <RequirementsTable requirements={items} variant="browse" />
          )}

          <LoadMoreButton query={requirements} loadingLabel="Loading more requirements" />
        </CardContent>
      </Card>
    </ConsumerPage>
  );
}
