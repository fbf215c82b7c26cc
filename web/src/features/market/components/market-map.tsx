import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import type { ECharts } from 'echarts/core';
import { registerMap } from 'echarts/core';
import { useMemo, useState } from 'react';
import { counties } from '@shared/catalog';
import { marketPageAreas, type MarketArea } from '@shared/rules/market';
import regionCounties from '@/features/listings/map/region-counties.json';
import { cn } from '@/lib/utils';
import { formatRatio, type Figures } from './columns';
import { EChart, type ChartOption } from './echart';
import { submarketPoints } from './submarket-points';

const MAP = 'bisn-region';
const shapes = regionCounties as FeatureCollection<Polygon | MultiPolygon, { name: string }>;
registerMap(MAP, shapes as unknown as Parameters<typeof registerMap>[1]);

/** The outline's name ("Sutter") of each county id ("sutter-county"), and back. */
const shapeName = new Map(counties.map((c) => [c.id, c.name.replace(/ County$/, '')]));
const countyOfShape = new Map([...shapeName].map(([id, name]) => [name, id]));

/** A point inside each county for its button: the mean of its outline's vertices. */
const countyPoints = new Map(
  shapes.features.map((feature) => {
    const ring: Position[] = feature.geometry.type === 'Polygon' ? feature.geometry.coordinates[0]! : feature.geometry.coordinates[0]![0]!;
    const mean = (axis: 0 | 1) => ring.reduce((sum, point) => sum + point[axis]!, 0) / ring.length;
    return [countyOfShape.get(feature.properties.name)!, [mean(0), mean(1)] as const];
  }),
);

const areasOnMap = marketPageAreas.filter((a) => a.level !== 'region');
const pointOf = (area: MarketArea) => (area.level === 'county' ? countyPoints.get(area.id) : submarketPoints[area.id]);

/**
 * Demand/supply in four bands, and a swatch of its own for requirements without listings: no supply is
 * not the hottest market, and an area with neither stays unshaded.
 */
const NO_SUPPLY = -1;
const mapBands = [
  { value: NO_SUPPLY, label: 'No listings', color: '#7c3aed' },
  { gte: 0, lt: 0.5, label: 'Under 0.5', color: '#c6dbef' },
  { gte: 0.5, lt: 1, label: '0.5–1', color: '#6baed6' },
  { gte: 1, lt: 2, label: '1–2', color: '#f16913' },
  { gte: 2, label: '2+', color: '#a63603' },
];
const bandValue = (f: Figures | undefined) => (!f || (f.requirements === 0 && f.listings === 0) ? null : (f.demandSupplyRatio ?? NO_SUPPLY));
const describe = (area: MarketArea, f: Figures | undefined) =>
  !f || (f.requirements === 0 && f.listings === 0)
    ? `${area.name}: no active requirements or listings`
    : `${area.name}: ${f.requirements} requirements, ${f.listings} listings${f.demandSupplyRatio === null ? '' : `, demand/supply ${formatRatio(f.demandSupplyRatio)}`}`;

/**
 * The counties (their outlines) and submarkets (points) shaded by demand against supply. Clicking an
 * outline or a point, or its button (each area has one, placed over it, for the keyboard), filters by it.
 */
export function MarketMap({ figures, selected, onSelect }: { figures: ReadonlyMap<string, Figures>; selected: string; onSelect: (area: string) => void }) {
  const [positions, setPositions] = useState<ReadonlyMap<string, readonly [number, number]>>(new Map());

  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: (p: unknown) => String((p as { data?: { description?: string } }).data?.description ?? '') },
      // The legend is the figure's own list below (it wraps on a phone, where the chart's ran off the edge).
      visualMap: {
        type: 'piecewise',
        show: false,
        seriesIndex: [0, 1],
        pieces: mapBands,
        outOfRange: { color: '#e5e7eb' },
      },
      geo: { map: MAP, roam: false, top: 8, bottom: 8, left: 8, right: 8, itemStyle: { borderColor: '#64748b', areaColor: '#f1f5f9' }, emphasis: { label: { show: false } } },
      series: [
        {
          type: 'map',
          geoIndex: 0,
          data: areasOnMap
            .filter((a) => a.level === 'county')
            .map((a) => ({ name: shapeName.get(a.id)!, value: bandValue(figures.get(a.id)) ?? Number.NaN, description: describe(a, figures.get(a.id)) })),
        },
        {
          type: 'scatter',
          coordinateSystem: 'geo',
          symbolSize: (value: number[]) => (value[3] ? 16 : 10),
          itemStyle: { borderColor: '#0f172a', borderWidth: 1 },
          data: areasOnMap
            .filter((a) => a.level === 'submarket')
            .map((a) => ({
              name: a.id,
              value: [...submarketPoints[a.id]!, bandValue(figures.get(a.id)) ?? Number.NaN, a.id === selected ? 1 : 0],
              description: describe(a, figures.get(a.id)),
            })),
          encode: { value: 2 },
        },
      ],
    }),
    [figures, selected],
  );

  const place = (chart: ECharts) => {
    const next = new Map<string, readonly [number, number]>();
    for (const area of areasOnMap) {
      const point = pointOf(area);
      const pixel = point && (chart.convertToPixel({ geoIndex: 0 }, [...point]) as number[] | undefined);
      if (pixel) next.set(area.id, [pixel[0]!, pixel[1]!]);
    }
    setPositions((before) => (sameAs(before, next) ? before : next));
  };

  return (
    <figure className="relative">
      <EChart
        option={option}
        label="Map of the region's counties and submarkets shaded by requirements per listing"
        className="h-80 w-full sm:h-[420px]"
        onRendered={place}
        onClick={(params) => {
          const area = params.seriesType === 'map' ? countyOfShape.get(params.name) : params.seriesType === 'scatter' ? params.name : undefined;
          if (area) onSelect(area);
        }}
      />
      {areasOnMap.map((area) => {
        const at = positions.get(area.id);
        if (!at) return null;
        return (
          <button
            key={area.id}
            type="button"
            aria-label={describe(area, figures.get(area.id))}
            aria-pressed={area.id === selected}
            onClick={() => onSelect(area.id)}
            className={cn(
              'absolute -translate-x-1/2 -translate-y-1/2 rounded-full opacity-0 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring',
              area.level === 'county' ? 'size-6' : 'size-4',
            )}
            style={{ left: at[0], top: at[1] }}
          />
        );
      })}
      <figcaption className="grid justify-items-center gap-1 text-xs text-muted-foreground">
        <ul aria-label="Map legend" className="flex flex-wrap justify-center gap-x-3 gap-y-1">
          {mapBands.map((band) => (
            <li key={band.label} className="flex items-center gap-1">
              <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ background: band.color }} />
              {band.label}
            </li>
          ))}
        </ul>
        Shading: active requirements per active listing
      </figcaption>
    </figure>
  );
}

function sameAs(a: ReadonlyMap<string, readonly [number, number]>, b: ReadonlyMap<string, readonly [number, number]>) {
  return a.size === b.size && [...a].every(([id, [x, y]]) => b.get(id)?.[0] === x && b.get(id)?.[1] === y);
}
