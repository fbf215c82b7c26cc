import { Link } from '@tanstack/react-router';
import type { RequirementSummary } from '@shared/api/schemas/requirements';
import { formatDate, formatSqftRange } from '@shared/rules/format';
import { CardList, CardListItem } from '@/components/ui/card-list';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { changedByText } from '@/features/delegates/components/changed-by';
import { useActingFor } from '@/lib/acting-for';
import { RequirementStatusBadge } from './requirement-status-badge';

export const noRequirementsText = 'No requirements fit the search criteria, try changing the filters.';
export const noMyRequirementsText = 'No requirements created yet, create some!';

interface RequirementsTableProps {
  requirements: readonly RequirementSummary[];
  /** The browser shows Timing; My requirements shows Status in that column. */
  variant: 'browse' | 'mine';
  /** What an empty table says instead of the variant's own text (a broker's page has no filters to change). */
  emptyText?: string;
}

/** The title, a link to the detail only once the requirement is sent (every one of the browser is). */
function RequirementTitle({ requirement }: { requirement: RequirementSummary }) {
  if (requirement.status !== 'sent') return requirement.title;
  return (
    <Link to="/consumer/requirement/$requirementId" params={{ requirementId: requirement.requirementId }} className="text-primary hover:underline">
      {requirement.title}
    </Link>
  );
}

/** "1,000 - 5,000 sqft" ("1,000 - 5,000" under the table's "Size (sqft)"), or a dash when the broker gave no size. */
const sizeOf = (requirement: RequirementSummary, unit = true) => formatSqftRange(requirement.sqftMin, requirement.sqftMax, { unit }) || '—';
const marketsOf = (requirement: RequirementSummary) => requirement.markets.map((market) => market.name).join(', ') || '—';

/**
 * Title, Type, Property Type, Size and Markets (the browser: whether it fits, without opening it), Timing
 * or Status, Sent On (MM/dd/yyyy): a table from md up, one card per requirement on a phone, where the
 * columns would leave all but two behind a sideways scroll.
 */
export function RequirementsTable({ requirements, variant, emptyText }: RequirementsTableProps) {
  const mine = variant === 'mine';
  const phone = useIsMobile();
  // The owner's own view says "you"; a delegate working for them sees "the broker".
  const acting = useActingFor();
  if (requirements.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">{emptyText ?? (mine ? noMyRequirementsText : noRequirementsText)}</p>;
  }
  if (phone) return <RequirementCards requirements={requirements} mine={mine} ownerIsMe={!acting} />;
  return (
    <Table aria-label={mine ? 'My requirements' : 'Requirements'}>
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Property Type</TableHead>
          {!mine && <TableHead className="whitespace-nowrap">Size (sqft)</TableHead>}
          {!mine && <TableHead>Markets</TableHead>}
          <TableHead>{mine ? 'Status' : 'Timing'}</TableHead>
          <TableHead>Sent On</TableHead>
          {mine && <TableHead>Last Change</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {requirements.map((requirement) => (
          <TableRow key={requirement.requirementId}>
            <TableCell className="max-w-[24rem] min-w-[10rem] font-medium">
              <RequirementTitle requirement={requirement} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{requirement.type.name}</TableCell>
            <TableCell className="whitespace-nowrap">{requirement.propertyType.name}</TableCell>
            {!mine && <TableCell className="whitespace-nowrap tabular-nums">{sizeOf(requirement, false)}</TableCell>}
            {!mine && <TableCell className="max-w-[12rem] min-w-[8rem]">{marketsOf(requirement)}</TableCell>}
            {mine ? (
              <TableCell>
                <RequirementStatusBadge status={requirement.status} />
              </TableCell>
            ) : (
              <TableCell className="max-w-[10rem]">{requirement.timing}</TableCell>
            )}
            <TableCell className="whitespace-nowrap tabular-nums">{formatDate(requirement.sentAt) || '—'}</TableCell>
            {mine && <TableCell className="text-muted-foreground">{changedByText(requirement.lastChangedBy, !acting)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The phone's list: each requirement's facts on a card of its own, nothing off screen. */
function RequirementCards({ requirements, mine, ownerIsMe }: { requirements: readonly RequirementSummary[]; mine: boolean; ownerIsMe: boolean }) {
  return (
    <CardList aria-label={mine ? 'My requirements' : 'Requirements'}>
      {requirements.map((requirement) => (
        <CardListItem
          key={requirement.requirementId}
          title={<RequirementTitle requirement={requirement} />}
          badge={mine && <RequirementStatusBadge status={requirement.status} />}
        >
          <p className="text-sm text-muted-foreground">
            {requirement.type.name} · {requirement.propertyType.name}
          </p>
          {!mine && (
            <>
              <p className="text-sm tabular-nums">Size: {sizeOf(requirement)}</p>
              <p className="text-sm break-words">Markets: {marketsOf(requirement)}</p>
              <p className="text-sm break-words">Timing: {requirement.timing}</p>
            </>
          )}
          <p className="text-xs text-muted-foreground tabular-nums">Sent On {formatDate(requirement.sentAt) || '—'}</p>
          {mine && <p className="text-xs text-muted-foreground">Last change: {changedByText(requirement.lastChangedBy, ownerIsMe)}</p>}
        </CardListItem>
      ))}
    </CardList>
  );
}
