import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatCell, type Column } from './columns';

/** The table view of a chart: a row heading (a link or a label), then every column. */
export function DataTable<Row>({
  caption,
  rowHeading,
  rowLabel,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  rowHeading: string;
  rowLabel: (row: Row) => ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  return (
    <Table>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col" className="sticky left-0 bg-card">
            {rowHeading}
          </TableHead>
          {columns.map((column) => (
            <TableHead key={column.label} scope="col" className={cn('whitespace-normal', column.numeric && 'text-right')}>
              {column.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            <TableHead scope="row" className="sticky left-0 bg-card font-medium">
              {rowLabel(row)}
            </TableHead>
            {columns.map((column) => (
              <TableCell key={column.label} className={cn(column.numeric && 'text-right tabular-nums')}>
                {formatCell(column.value(row), column.format)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
