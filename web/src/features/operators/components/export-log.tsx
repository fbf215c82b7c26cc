import { useInfiniteQuery } from '@tanstack/react-query';
import type { ExportFormat } from '@shared/api/schemas/directory';
import { formatDate } from '@shared/rules/format';
import { PagedList } from '@/components/paged-list';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { exportLogQuery } from '../api/operator-queries';

const exportFormatNames: Record<ExportFormat, string> = { csv: 'CSV', vcard: 'vCard 4.0', vcard3: 'vCard 3.0' };

/** Every contact-list export, newest first: who, which list, which format, how many rows. */
export function ExportLog() {
  const query = useInfiniteQuery(exportLogQuery());
  return (
    <PagedList query={query} what="exports" empty="No list has been exported yet.">
      {(entries) => (
        <Table aria-label="Contact list exports">
          <TableHeader>
            <TableRow>
              <TableHead>When</TableHead>
              <TableHead>Broker</TableHead>
              <TableHead>List</TableHead>
              <TableHead>Format</TableHead>
              <TableHead className="text-right">Rows</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={`${entry.at}-${entry.userId}-${entry.listId}`}>
                <TableCell>{formatDate(entry.at)}</TableCell>
                <TableCell>{entry.userName}</TableCell>
                <TableCell>{entry.listName}</TableCell>
                <TableCell>{exportFormatNames[entry.format]}</TableCell>
                <TableCell className="text-right">{entry.rows}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PagedList>
  );
}
