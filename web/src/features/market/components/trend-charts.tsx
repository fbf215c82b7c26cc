import { useMemo } from 'react';
import type { MarketResponse } from '@shared/api';
import { formatDate } from '@shared/rules/format';
import { ChartCard } from './chart-card';
import { figureColumns, type Column, type Figures } from './columns';
import { DataTable } from './data-table';
import { EChart } from './deferred-charts';
import type { ChartOption } from './echart';

type Week = MarketResponse['trend'][number];

interface Series {
  readonly name: string;
  readonly key: keyof Figures;
  readonly type: 'line' | 'bar';
}

const charts: readonly { title: string; description: string; series: readonly Series[] }[] = [
  {
    title: 'Active requirements and listings',
    description: 'Demand and supply at the end of each week.',
    series: [
      { name: 'Requirements', key: 'requirements', type: 'line' },
      { name: 'Listings', key: 'listings', type: 'line' },
    ],
  },
  {
    title: 'Demand against supply',
    description: 'Active requirements per active listing, and square feet wanted per square foot offered.',
    series: [
      { name: 'Requirements per listing', key: 'demandSupplyRatio', type: 'line' },
      { name: 'Sq ft wanted per sq ft offered', key: 'sqftDemandSupplyRatio', type: 'line' },
    ],
  },
  {
    title: 'New and closed, week by week',
    description: 'Requirements sent and listings published in the week (still active), and those filled, sold or leased in it.',
    series: [
      { name: 'New requirements', key: 'requirementsNew', type: 'bar' },
      { name: 'New listings', key: 'listingsNew', type: 'bar' },
      { name: 'Filled', key: 'requirementsFilled', type: 'bar' },
      { name: 'Sold', key: 'listingsSold', type: 'bar' },
      { name: 'Leased', key: 'listingsLeased', type: 'bar' },
    ],
  },
];

const weekLabel = (week: string) => formatDate(`${week}T12:00:00Z`);
const columns: Column<Week>[] = figureColumns<Week>((w) => w.figures, { recentLabel: 'in the week' });

/** The last 52 weeks of the selected area, property type and deal type: each chart with its table and CSV. */
export function TrendCharts({ trend, fileStem }: { trend: MarketResponse['trend']; fileStem: string }) {
  const options = useMemo(
    () =>
      charts.map(
        (chart): ChartOption => ({
          tooltip: { trigger: 'axis' },
          legend: { top: 0, type: 'scroll' },
          grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
          // Axis labels at 12 px, overlapping ones dropped: legible on a phone's narrow chart.
          xAxis: { type: 'category', data: trend.map((w) => weekLabel(w.week)), axisLabel: { fontSize: 12, hideOverlap: true } },
          yAxis: { type: 'value', axisLabel: { fontSize: 12 } },
          series: chart.series.map((s) => ({
            name: s.name,
            type: s.type,
            connectNulls: true,
            data: trend.map((w) => w.figures?.[s.key] ?? null),
          })),
        }),
      ),
    [trend],
  );
  return (
    <>
      {charts.map((chart, i) => (
        <ChartCard
          key={chart.title}
          title={chart.title}
          description={chart.description}
          chart={<EChart option={options[i]!} label={`${chart.title}, last 52 weeks (the table view lists the values)`} />}
          table={
            <DataTable
              caption={`${chart.title}, week by week`}
              rowHeading="Week of"
              rowLabel={(w) => weekLabel(w.week)}
              rowKey={(w) => w.week}
              columns={columns.filter((c) => chart.series.some((s) => s.key === c.key))}
              rows={trend}
            />
          }
          csv={{ fileName: `${fileStem}-trend.csv`, columns: [{ label: 'Week of', value: (w: Week) => w.week }, ...columns], rows: trend }}
        />
      ))}
    </>
  );
}
