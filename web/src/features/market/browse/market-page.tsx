import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { idsOf, propertyTypes, requirementTypes } from '@shared/catalog';
import type { MarketResponse } from '@shared/api';
import { marketPageAreaOf, marketPageAreas, REGION, type MarketArea } from '@shared/rules/market';
import { BrowseFilters } from '@/components/browse-filters';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ConsumerPage } from '@/features/consumer/components/consumer-page';
import { oneOf } from '@/lib/search-params';
import { marketQuery, type MarketFilters } from '../api/market-queries';
import { ChartCard } from '../components/chart-card';
import { figureColumns, type Column, type Figures } from '../components/columns';
import { DataTable } from '../components/data-table';
import { EChart, MarketMap } from '../components/deferred-charts';
import { FigureTiles } from '../components/figure-tiles';
import { TrendCharts } from '../components/trend-charts';
import type { MarketSearchParams } from './market-search';

const route = getRouteApi('/consumer/market');

/** The URL's filters with unknown ids dropped (an unknown value means the region, or all). */
function knownFilters(search: MarketSearchParams): MarketFilters {
  return {
    area: oneOf(
      marketPageAreas.map((a) => a.id),
      search.area,
    ),
    propertyTypeId: oneOf(idsOf(propertyTypes), search.propertyTypeId),
    dealTypeId: oneOf(idsOf(requirementTypes), search.dealTypeId),
  };
}

type AreaRow = MarketResponse['areas'][number] & { info: MarketArea };
type TypeRow = MarketResponse['byPropertyType'][number];

/** The selected area and the areas under it (the region: its counties; a county or submarket: the county's submarkets). */
function areasShown(rows: readonly AreaRow[], selected: MarketArea): AreaRow[] {
  const county = selected.level === 'county' ? selected.id : selected.countyId;
  if (!county) return rows.filter((r) => r.info.level !== 'submarket');
  return rows.filter((r) => r.info.id === county || r.info.countyId === county);
}

const propertyTypeName = (id: string | null) => (id ? (propertyTypes.find((t) => t.id === id)?.name ?? id) : 'All property types');

/**
 * "Market": what BISN alone knows, live demand (active requirements) next to supply (active
 * listings), for the region, each county and submarket, by property type and deal type; with 52 weeks of
 * trend and a map. Filters live in the URL like the browsers'.
 */
export function MarketPage() {
  const search = route.useSearch();
  const filters = knownFilters(search);
  const navigate = route.useNavigate();
  const set = (next: Partial<MarketSearchParams>) => void navigate({ search: { ...search, ...next }, replace: true });
  const market = useQuery(marketQuery(filters));
  const selected = marketPageAreaOf(filters.area ?? REGION)!;
  const fileStem = ['bisn-market', selected.id, filters.propertyTypeId ?? 'all-types', filters.dealTypeId ?? 'all-deals'].join('-');

  const data = market.data;
  const areaRows = useMemo(() => (data?.areas ?? []).map((row) => ({ ...row, info: marketPageAreaOf(row.area)! })), [data]);
  const areaFigures = useMemo(() => new Map(areaRows.map((row) => [row.area, row.figures])), [areaRows]);
  const selectArea = (area: string) => set({ area: area === REGION ? undefined : area });
  const areaColumns: Column<AreaRow>[] = figureColumns<AreaRow>((r) => r.figures, { medians: false });
  const typeColumns: Column<TypeRow>[] = figureColumns<TypeRow>((r) => r.figures, { medians: false });

  return (
    <ConsumerPage title="Market">
      <p className="max-w-3xl text-muted-foreground">
        Live demand against supply: the requirements brokers are working on next to the listings on offer, for the region, each county and submarket.
        Pick an area on the map or in the filters.
      </p>
      <BrowseFilters
        label="Filter the market"
        type={{ label: 'Deal Type', allLabel: 'All deal types', items: requirementTypes }}
        market={{ label: 'Area', allLabel: 'Sacramento region', withCounties: true }}
        value={{ typeId: filters.dealTypeId, propertyTypeId: filters.propertyTypeId, marketId: filters.area }}
        onChange={(name, value) => set({ [name === 'typeId' ? 'dealTypeId' : name === 'marketId' ? 'area' : name]: value })}
        onClear={() => void navigate({ search: {}, replace: true })}
      />

      {market.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading the market">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      ) : market.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            <p>Error fetching the market: {market.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void market.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <section aria-labelledby="market-now" className="grid gap-3">
            <h2 id="market-now" className="text-lg font-semibold">
              {selected.name}
              {filters.propertyTypeId || filters.dealTypeId ? (
                <span className="font-normal text-muted-foreground">
                  {' · '}
                  {[filters.propertyTypeId && propertyTypeName(filters.propertyTypeId), filters.dealTypeId && requirementTypes.find((t) => t.id === filters.dealTypeId)?.name]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              ) : null}
            </h2>
            <FigureTiles figures={market.data.figures} />
          </section>

          <div className="grid gap-6 xl:grid-cols-2">
            <ChartCard
              title="Map: requirements per listing"
              description="Counties are shaded, submarkets are points. Choose one to see its figures."
              chart={<MarketMap figures={areaFigures} selected={selected.id} onSelect={selectArea} />}
              table={
                <DataTable
                  caption="Figures by area"
                  rowHeading="Area"
                  rowLabel={(row) => (
                    <Button variant="link" className="h-auto p-0" aria-pressed={row.area === selected.id} onClick={() => selectArea(row.area)}>
                      {row.info.name}
                    </Button>
                  )}
                  rowKey={(row) => row.area}
                  columns={areaColumns}
                  rows={areasShown(areaRows, selected)}
                />
              }
              csv={{ fileName: `${fileStem}-areas.csv`, columns: [{ label: 'Area', value: (r: AreaRow) => r.info.name }, { label: 'Level', value: (r: AreaRow) => r.info.level }, ...areaColumns], rows: areaRows }}
            />
            <ChartCard
              title="By property type"
              description={`Active requirements and listings in ${selected.name}.`}
              chart={
                <EChart
                  label={`Active requirements and listings by property type in ${selected.name} (the table view lists the values)`}
                  className="h-[420px] w-full"
                  option={{
                    tooltip: { trigger: 'axis' },
                    legend: { top: 0 },
                    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
                    xAxis: { type: 'value' },
                    yAxis: { type: 'category', inverse: true, data: data!.byPropertyType.filter((r) => r.propertyTypeId).map((r) => propertyTypeName(r.propertyTypeId)) },
                    series: (['requirements', 'listings'] as const).map((key: keyof Figures) => ({
                      name: key === 'requirements' ? 'Requirements' : 'Listings',
                      type: 'bar',
                      data: data!.byPropertyType.filter((r) => r.propertyTypeId).map((r) => r.figures[key]),
                    })),
                  }}
                />
              }
              table={
                <DataTable
                  caption={`Figures by property type in ${selected.name}`}
                  rowHeading="Property type"
                  rowLabel={(row) => propertyTypeName(row.propertyTypeId)}
                  rowKey={(row) => row.propertyTypeId ?? 'all'}
                  columns={typeColumns}
                  rows={data!.byPropertyType}
                />
              }
              csv={{ fileName: `${fileStem}-property-types.csv`, columns: [{ label: 'Property type', value: (r: TypeRow) => propertyTypeName(r.propertyTypeId) }, ...typeColumns], rows: data!.byPropertyType }}
            />
          </div>

          <section aria-labelledby="market-trends" className="grid gap-4">
            <div>
              <h2 id="market-trends" className="text-lg font-semibold">
                Trends
              </h2>
              <p className="text-sm text-muted-foreground">The last 52 weeks: each week as it stood at its end; this week as it is now.</p>
            </div>
            <div className="grid gap-6 xl:grid-cols-2">
              <TrendCharts trend={data!.trend} fileStem={fileStem} />
            </div>
          </section>
          <Card>
            <CardHeader>
              <CardTitle as="h2">How these figures are counted</CardTitle>
              <CardDescription>
                Active requirements are those sent and not yet filled, withdrawn or expired; active listings are those published. A requirement naming several
                submarkets counts in each, and once in their county and the region. Sizes are the stated square feet or the middle of a range; land counts in acres,
                apart from the buildings' square feet and their medians; lease rates are per
                square foot per year (monthly rates times twelve); medians are read to within 1 %. “Last 90 days” is the last 13 weeks, this one included.
              </CardDescription>
            </CardHeader>
          </Card>
        </>
      )}
    </ConsumerPage>
  );
}
