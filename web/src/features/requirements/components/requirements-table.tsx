import { Link } from '@tanstack/react-router';
import type { RequirementSummary } from '@shared/api/schemas/requirements';
import { formatDate } from '@shared/rules';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RequirementStatusBadge } from './requirement-status-badge';

export const noRequirementsText = 'No requirements fit the search criteria, try changing the filters.';
export const noMyRequirementsText = 'No requirements created yet, create some!';

interface RequirementsTableProps {
  requirements: readonly RequirementSummary[];
  /** The browser shows Timing; My requirements shows Status in that column. */
  variant: 'browse' | 'mine';
}

/**
 * Title, Type, Property Type, Timing or Status, Sent On (MM/dd/yyyy). A title links to the detail only
 * once the requirement is sent (every row of the browser is).
 */
export function RequirementsTable({ requirements, variant }: RequirementsTableProps) {
  const mine = variant === 'mine';
  if (requirements.length === 0) {
    return <p className="py-8 text-center text-muted-foreground">{mine ? noMyRequirementsText : noRequirementsText}</p>;
  }
  return (
    <Table aria-label={mine ? 'My requirements' : 'Requirements'}>
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Property Type</TableHead>
          <TableHead>{mine ? 'Status' : 'Timing'}</TableHead>
          <TableHead>Sent On</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {requirements.map((requirement) => (
          <TableRow key={requirement.requirementId}>
            <TableCell className="max-w-[24rem] min-w-[12rem] font-medium">
              {requirement.status === 'sent' ? (
                <Link
                  to="/consumer/requirement/$requirementId"
                  params={{ requirementId: requirement.requirementId }}
                  className="text-primary hover:underline"
                >
                  {requirement.title}
                </Link>
              ) : (
                requirement.title
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">{requirement.type.name}</TableCell>
            <TableCell className="whitespace-nowrap">{requirement.propertyType.name}</TableCell>
            {mine ? (
              <TableCell>
                <RequirementStatusBadge status={requirement.status} />
              </TableCell>
            ) : (
              <TableCell className="max-w-[14rem]">{requirement.timing}</TableCell>
            )}
            <TableCell className="tabular-nums">{formatDate(requirement.sentAt) || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
