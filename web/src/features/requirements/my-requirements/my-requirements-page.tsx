import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { requirementStatuses, type RequirementStatus } from '@shared/api/schemas/requirements';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { requirementStatusLook } from '../components/requirement-status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { useMyRequirements } from '../api/requirement-queries';
import { CreateRequirementButton } from '../create/create-requirement-button';
import { RequirementsTable } from '../components/requirements-table';
import { StatusLegend } from './status-legend';
import { LoadMoreButton } from '@/components/load-more-button';

const route = getRouteApi('/consumer/my-requirements');

/** Spec 02 "My requirements": the broker's own requirements in every status, refreshed until each is sent. */
export function MyRequirementsPage() {
  const { ownerId } = useAuth();
  const { create } = route.useSearch();
  const navigate = route.useNavigate();
  // Opened once: the dialog's own close must not bring it back, nor Back in the browser.
  const opened = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  const [status, setStatus] = useState<RequirementStatus | undefined>();
  const requirements = useMyRequirements(ownerId, status);

  return (
    <ConsumerPage title="My Requirements" actions={<CreateRequirementButton openAtFirst={create === true} onOpened={opened} />}>
      <Card>
        <CardHeader>
          <CardTitle>Requirements You Created</CardTitle>
          <CardDescription>
            A new requirement is e-mailed to every subscribed broker within a minute, then it appears under Requirements.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <StatusLegend />
          <div className="grid max-w-xs gap-1.5">
            <Label htmlFor="my-requirements-status">Status</Label>
            <NativeSelect
              id="my-requirements-status"
              value={status ?? ''}
              onChange={(event) => setStatus((event.target.value || undefined) as RequirementStatus | undefined)}
            >
              <option value="">All statuses</option>
              {requirementStatuses.map((s) => (
                <option key={s} value={s}>
                  {requirementStatusLook[s].label}
                </option>
              ))}
            </NativeSelect>
          </div>
          {requirements.isPending ? (
            <div className="grid gap-2" role="status" aria-label="Loading your requirements">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : requirements.isError ? (
            <p role="alert" className="py-6 text-center text-sm text-destructive">
              {requirements.error.message}
            </p>
          ) : (
            <RequirementsTable requirements={requirements.items} variant="mine" />
          )}
          <LoadMoreButton query={requirements} loadingLabel="Loading more requirements" />
        </CardContent>
      </Card>
    </ConsumerPage>
  );
}
