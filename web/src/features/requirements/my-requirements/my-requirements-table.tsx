import { Link } from '@tanstack/react-router';
import type { RequirementSummary } from '@shared/api/schemas/requirements';
import { formatDate } from '@shared/rules';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { RequirementStatusBadge } from '../components/requirement-status-badge';

export const noMyRequirementsText = 'No requirements created yet, create some!';

/** Title (a link only once sent), Type, Property Type, Status, Sent On (MM/dd/yyyy). */
export function MyRequirementsTable({ requirements }: { requirements: readonly RequirementSummary[] }) {
  if (requirements.length === 0) return <p className="py-8 text-center text-muted-foreground">{noMyRequirementsText}</p>;
  return (
    <Table aria-label="My requirements">
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Property Type</TableHead>
          <TableHead>Status</TableHead>
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
            <TableCell>
              <RequirementStatusBadge status={requirement.status} />
            </TableCell>
            <TableCell className="tabular-nums">{formatDate(requirement.sentAt) || '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
