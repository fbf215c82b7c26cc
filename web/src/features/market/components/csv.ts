import { stringify } from 'csv-stringify/browser/esm/sync';
import { safeCsvOptions } from '@shared/rules/csv';
import type { Column } from './columns';

/** The rows as CSV (RFC 4180, a header line, text cells kept from running as formulas), raw numbers rather than the table's formatting. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => column.value(row) ?? '')),
    { header: true, columns: columns.map((column) => column.label), ...safeCsvOptions },
  );
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
