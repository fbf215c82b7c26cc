import { DownloadIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toCsv, downloadCsv } from './csv';
import type { Column } from './columns';

/**
 * A chart with its table view and its data as CSV (every chart has both). `table` renders the
 * same rows the CSV holds.
 */
export function ChartCard<Row>({
  title,
  description,
  chart,
  table,
  csv,
}: {
  title: string;
  description?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  csv: { fileName: string; columns: readonly Column<Row>[]; rows: readonly Row[] };
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card className="min-w-0">
      {/* On a phone the buttons go under the title: beside it they left the title and description a narrow column. */}
      <CardHeader className="max-sm:has-data-[slot=card-action]:grid-cols-1">
        <CardTitle as="h2">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
        <CardAction className="flex flex-wrap gap-2 max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-auto max-sm:justify-self-start">
          <Button variant="outline" size="sm" aria-pressed={view === 'table'} onClick={() => setView(view === 'chart' ? 'table' : 'chart')}>
            {view === 'chart' ? 'Show table' : 'Show chart'}
            <span className="sr-only">{` of ${title}`}</span>
          </Button>
          <Button variant="outline" size="sm" onClick={() => downloadCsv(csv.fileName, toCsv(csv.columns, csv.rows))}>
            <DownloadIcon aria-hidden="true" />
            CSV<span className="sr-only">{` of ${title}`}</span>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="min-w-0">{view === 'chart' ? chart : table}</CardContent>
    </Card>
  );
}
