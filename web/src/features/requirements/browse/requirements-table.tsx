import { Link } from '@tanstack/react-router';
import type { RequirementSummary } from '@shared/api/schemas/requirements';
import { formatDate } from '@shared/rules';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export const noRequirementsText = 'No requirements fit the search criteria, try changing the filters.';

/** Title (links to the detail), Type, Property Type, Timing, Sent On (MM/dd/yyyy). */
export function RequirementsTable({ requirements }: { requirements: readonly RequirementSummary[] }) {
  if (requirements.length === 0) return <p className="py-8 text-center text-muted-foreground">{noRequirementsText}</p>;
  return (
    <Table aria-label="Requirements">
      <TableHeader>
        <TableRow>
          <TableHead>Title</TableHead>
          <TableHead>Type</TableHead>
          <TableHead>Property Type</TableHead>
          <TableHead>Timing</TableHead>
          <TableHead>Sent On</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {requirements.map((requirement) => (
          <TableRow key={requirement.requirementId}>
            <TableCell className="max-w-[24rem] min-w-[12rem] font-medium">
              <Link
                to="/consumer/requirement/$requirementId"
                params={{ requirementId: requirement.requirementId }}
                className="text-primary hover:underline"
              >
                {requirement.title}
              </Link>
            </TableCell>
            <TableCell className="whitespace-nowrap">{requirement.type.name}</TableCell>
            <TableCell className="whitespace-nowrap">{requirement.propertyType.name}</TableCell>
            <TableCell className="max-w-[14rem]">{requirement.timing}</TableCell>
            <TableCell className="tabular-nums">{formatDate(requirement.sentAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
