import type { RequirementStatus } from '@shared/api/schemas/requirements';
import { RequirementStatusBadge, requirementStatusLook } from '../components/requirement-status-badge';

/** The lifecycle order (the look table lists them in it); read from there so this page loads no zod. */
const requirementStatuses = Object.keys(requirementStatusLook) as RequirementStatus[];

/** What each status means: pending, queued, processing, sent. */
export function StatusLegend() {
  return (
    <dl aria-label="Status legend" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {requirementStatuses.map((status) => (
        <div key={status} className="flex items-center gap-2">
          <dt>
            <RequirementStatusBadge status={status} />
          </dt>
          <dd className="text-muted-foreground">{requirementStatusLook[status].meaning}</dd>
        </div>
      ))}
    </dl>
  );
}
