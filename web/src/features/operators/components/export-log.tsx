import { useInfiniteQuery, infiniteQueryOptions } from '@tanstack/react-query';
import { formatDate } from '@shared/rules/format';
import { LoadMoreButton } from '@/components/load-more-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { apiKey } from '@/lib/query';

const exportLogQuery = () =>
  infiniteQueryOptions({
    queryKey: apiKey('adminListExports'),
    queryFn: ({ pageParam, signal }) => api('adminListExports', { query: { ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** Every contact-list export (issue 15), newest first: who, which list, which format, how many rows. */
export function ExportLog() {
  const log = useInfiniteQuery(exportLogQuery());
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  if (log.isPending) return <Skeleton className="h-24 w-full" role="status" aria-label="Loading exports" />;
  if (log.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>Failed to load the exports: {log.error.message}</AlertDescription>
      </Alert>
    );
  }
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">No list has been exported yet.</p>;
  return (
    <div className="grid gap-3">
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
              <TableCell>{entry.format === 'csv' ? 'CSV' : 'vCard'}</TableCell>
              <TableCell className="text-right">{entry.rows}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <LoadMoreButton query={log} loadingLabel="Loading more exports" />
    </div>
  );
}
