/**
 * Writes the county outlines the offline listing map draws (web/src/features/listings/map/region-counties.json).
 *
 * The local stack has no tile server and must work without internet, so the map's base layer is the
 * outline of the market's counties, taken from the `us-atlas` counties TopoJSON (US Census 1:10m). Only
 * the six counties of the Sacramento region are kept and coordinates are rounded to 4 decimals (~10 m,
 * finer than the source's own ~300 m quantisation), which keeps the file a few kilobytes.
 *
 * Run after upgrading us-atlas or changing the region: `npx tsx web/scripts/build-region-counties.ts`
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';

/** FIPS codes of the region's counties (state 06 = California), named as in shared/catalog/markets.ts. */
const regionCounties: Record<string, string> = {
  '06067': 'Sacramento',
  '06061': 'Placer',
  '06017': 'El Dorado',
  '06113': 'Yolo',
  '06101': 'Sutter',
  '06115': 'Yuba',
};

const PRECISION = 1e4;
const output = fileURLToPath(new URL('../src/features/listings/map/region-counties.json', import.meta.url));

const require = createRequire(import.meta.url);
const topology = JSON.parse(readFileSync(require.resolve('us-atlas/counties-10m.json'), 'utf8')) as Topology<{
  counties: GeometryCollection<{ name: string }>;
}>;

const round = (position: Position): Position => position.map((n) => Math.round(n * PRECISION) / PRECISION);

function rounded(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(round)) };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(round))),
      };
    default:
      throw new Error(`unexpected county geometry ${geometry.type}`);
  }
}

const all = feature(topology, topology.objects.counties) as FeatureCollection<Geometry, { name: string }>;
const features: Feature<Geometry, { fips: string; name: string }>[] = all.features
  .filter((county) => String(county.id) in regionCounties)
  .map((county) => ({
    type: 'Feature',
    properties: { fips: String(county.id), name: regionCounties[String(county.id)]! },
    geometry: rounded(county.geometry),
  }));

if (features.length !== Object.keys(regionCounties).length) {
  throw new Error(`expected ${Object.keys(regionCounties).length} counties, found ${features.length}`);
}

const collection: FeatureCollection = { type: 'FeatureCollection', features };
writeFileSync(output, `${JSON.stringify(collection)}\n`);
console.log(`wrote ${features.length} counties, ${JSON.stringify(collection).length} bytes → ${output}`);
