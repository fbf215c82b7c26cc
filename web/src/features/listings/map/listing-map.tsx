import type { FeatureCollection, Polygon, MultiPolygon, Position } from 'geojson';
import { Map as PigeonMap, type PigeonProps, type Point, type TileComponent } from 'pigeon-maps';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import regionCounties from './region-counties.json';
import './listing-map.css';

/** Spec 02 "Listing detail": the map opens at zoom 15 with one marker on the geocoded address. */
export const LISTING_MAP_ZOOM = 15;
const MIN_ZOOM = 3;
const MAX_ZOOM = 19;
/** How far an arrow key moves the map, in screen pixels. */
const PAN_STEP = 80;
export const COUNTIES_ATTRIBUTION = 'Counties: US Census Bureau';

export interface ListingMapProps {
  lat: number;
  lng: number;
  /** What the marker stands for, e.g. the street address (its tooltip and accessible name). */
  label: string;
  /**
   * A raster tile URL template (`https://…/{z}/{x}/{y}.png`, optionally `{s}` and `{r}`) from the runtime
   * config. Without one the map is drawn offline from the region's county outlines, as in the local stack.
   */
  tileUrl?: string | undefined;
  /** Shown as text (not HTML) next to the county credit, e.g. "© OpenStreetMap contributors". */
  tileAttribution?: string | undefined;
}

/** The tile function pigeon-maps calls for a template with Leaflet's placeholders. */
export function tileProvider(template: string) {
  return (x: number, y: number, z: number, dpr = 1): string =>
    template
      .replaceAll('{s}', 'abc'.charAt(Math.abs(x + y) % 3))
      .replaceAll('{z}', String(z))
      .replaceAll('{x}', String(x))
      .replaceAll('{y}', String(y))
      .replaceAll('{r}', dpr >= 2 ? '@2x' : '');
}

/**
 * Offline base layer: each 256 px tile is a div with light grid lines drawn in CSS (no image is
 * fetched from anywhere), so the map still reads as a map when it pans and zooms.
 */
const OfflineTile: TileComponent = ({ tile, tileLoaded }) => {
  useEffect(() => tileLoaded(), [tileLoaded]);
  return (
    <div
      className="listing-map-grid-tile"
      style={{ position: 'absolute', left: tile.left, top: tile.top, width: tile.width, height: tile.height }}
    />
  );
};
const offlineProvider = () => '';

const counties = regionCounties as FeatureCollection<Polygon | MultiPolygon, { name: string }>;

/** County outlines as SVG paths; each county's name is its <title> (the browser shows it on hover). */
function CountyOutlines({ latLngToPixel, mapState, filled }: PigeonProps & { filled: boolean }) {
  // pigeon-maps draws its overlays once before it has measured the map (width and height -1).
  if (!latLngToPixel || !mapState || mapState.width <= 0 || mapState.height <= 0) return null;
  const ring = (positions: Position[]) =>
    'M' + positions.map(([lng, lat]) => latLngToPixel([lat!, lng!]).map((v) => v.toFixed(1)).join(' ')).join('L') + 'Z';
  return (
    <svg className="listing-map-counties" width={mapState.width} height={mapState.height} focusable="false">
      {counties.features.map((feature) => {
        const polygons = feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates;
        return (
          <path
            key={feature.properties.name}
            className="listing-map-county"
            d={polygons.flatMap((rings) => rings.map(ring)).join('')}
            fillOpacity={filled ? 0.18 : 0}
          >
            <title>{`${feature.properties.name} County`}</title>
          </path>
        );
      })}
    </svg>
  );
}

/**
 * The listing's pin, anchored at its bottom tip. The label is the broker's own text: React puts it in
 * as text, never as HTML.
 */
function Pin({ left = 0, top = 0, label }: PigeonProps & { label: string }) {
  const [hover, setHover] = useState(false);
  return (
    <div className="listing-map-marker" style={{ transform: `translate(${left}px, ${top}px)` }}>
      <svg
        className="listing-map-pin"
        viewBox="0 0 28 40"
        width="28"
        height="40"
        role="img"
        aria-label={label}
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
      >
        <path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="currentColor" />
        <circle cx="14" cy="14" r="5.5" fill="#fff" />
      </svg>
      {hover && (
        <span className="listing-map-tooltip" role="tooltip">
          {label}
        </span>
      )}
    </div>
  );
}

/** What the keyboard can do to the map (arrow keys pan, + and - zoom). */
interface MapActions {
  pan(dx: number, dy: number): void;
  zoomBy(delta: number): void;
}

const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const FEET_PER_METRE = 3.280_84;

/** The largest 1, 2, 3 or 5 × 10ⁿ not above `max`. */
function roundDown(max: number): number {
  const pow = 10 ** Math.floor(Math.log10(max));
  const d = max / pow;
  return pow * (d >= 5 ? 5 : d >= 3 ? 3 : d >= 2 ? 2 : 1);
}

/** An imperial scale bar at most 100 px wide, for the map's current zoom and latitude. */
function scaleBar(zoom: number, lat: number): { text: string; width: number } {
  const feetPerPixel = ((EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / (256 * 2 ** zoom)) * FEET_PER_METRE;
  const maxFeet = feetPerPixel * 100;
  if (maxFeet >= 5280) {
    const miles = roundDown(maxFeet / 5280);
    return { text: `${miles} mi`, width: Math.round((miles * 5280) / feetPerPixel) };
  }
  const feet = roundDown(maxFeet);
  return { text: `${feet} ft`, width: Math.round(feet / feetPerPixel) };
}

/** Web Mercator: the point `dx`, `dy` screen pixels away from `center` at `zoom`. */
function offsetPoint([lat, lng]: Point, dx: number, dy: number, zoom: number): Point {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  const x = ((lng + 180) / 360) * size + dx;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size + dy;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return [(180 / Math.PI) * Math.atan(Math.sinh(n)), (x / size) * 360 - 180];
}

/**
 * Zoom buttons and the scale, inside the map so they follow its state; also hands the keyboard
 * actions to the region around the map.
 */
function Controls({ mapState, setCenterZoom, actions }: PigeonProps & { actions: RefObject<MapActions | null> }) {
  const zoom = Math.round(mapState?.zoom ?? LISTING_MAP_ZOOM);
  useEffect(() => {
    if (!mapState || !setCenterZoom) return;
    actions.current = {
      pan: (dx, dy) => setCenterZoom(offsetPoint(mapState.center, dx, dy, mapState.zoom), mapState.zoom),
      zoomBy: (delta) => setCenterZoom(mapState.center, Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom + delta))),
    };
  }, [actions, mapState, setCenterZoom, zoom]);
  if (!mapState || !setCenterZoom) return null;
  const scale = scaleBar(mapState.zoom, mapState.center[0]);
  return (
    <>
      <div className="listing-map-zoom pigeon-drag-block">
        <button type="button" aria-label="Zoom in" disabled={zoom >= MAX_ZOOM} onClick={() => setCenterZoom(mapState.center, zoom + 1)}>
          <span aria-hidden="true">+</span>
        </button>
        <button type="button" aria-label="Zoom out" disabled={zoom <= MIN_ZOOM} onClick={() => setCenterZoom(mapState.center, zoom - 1)}>
          <span aria-hidden="true">−</span>
        </button>
      </div>
      <div className="listing-map-scale" style={{ width: scale.width }}>
        {scale.text}
      </div>
    </>
  );
}

const panKeys: Record<string, [number, number]> = {
  ArrowLeft: [-PAN_STEP, 0],
  ArrowRight: [PAN_STEP, 0],
  ArrowUp: [0, -PAN_STEP],
  ArrowDown: [0, PAN_STEP],
};
const zoomKeys: Record<string, number> = { '+': 1, '=': 1, '-': -1, _: -1 };

/**
 * The listing's place on a pigeon-maps map. Imported only through React.lazy (LazyListingMap), so the
 * map library and the outlines load with the listing detail, not with the rest of the app.
 */
export default function ListingMap({ lat, lng, label, tileUrl, tileAttribution }: ListingMapProps) {
  const actions = useRef<MapActions | null>(null);
  const provider = useMemo(() => (tileUrl ? tileProvider(tileUrl) : offlineProvider), [tileUrl]);

  // Focused, the map answers the arrow keys and + / -, as Leaflet's did.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const pan = panKeys[event.key];
    const zoom = zoomKeys[event.key];
    if (pan) actions.current?.pan(...pan);
    else if (zoom) actions.current?.zoomBy(zoom);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="region"
      aria-label={`Map of ${label}`}
      data-testid="listing-map"
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="listing-map relative h-72 w-full overflow-hidden rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <PigeonMap
        key={`${lat},${lng}`}
        defaultCenter={[lat, lng]}
        defaultZoom={LISTING_MAP_ZOOM}
        minZoom={MIN_ZOOM}
        maxZoom={MAX_ZOOM}
        provider={provider}
        dprs={tileUrl?.includes('{r}') ? [1, 2] : []}
        {...(tileUrl ? {} : { tileComponent: OfflineTile })}
        // The page scrolls past the map: the wheel zooms only with Ctrl (⌘), one finger scrolls the page
        // and two move the map; the buttons and the keyboard zoom too.
        metaWheelZoom
        metaWheelZoomWarning="Use META + scroll to zoom the map"
        twoFingerDrag
        twoFingerDragWarning="Use two fingers to move the map"
        attribution={false}
      >
        <CountyOutlines filled={!tileUrl} />
        <Pin anchor={[lat, lng]} label={label} />
        <Controls actions={actions} />
      </PigeonMap>
      <div className="listing-map-attribution">
        {tileAttribution ? `${tileAttribution} | ${COUNTIES_ATTRIBUTION}` : COUNTIES_ATTRIBUTION}
      </div>
    </div>
  );
}
