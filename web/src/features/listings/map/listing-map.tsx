import type { FeatureCollection } from 'geojson';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import regionCounties from './region-counties.json';
import './listing-map.css';

/** Spec 02 "Listing detail": the map opens at zoom 15 with one marker on the geocoded address. */
export const LISTING_MAP_ZOOM = 15;

export interface ListingMapProps {
  lat: number;
  lng: number;
  /** What the marker stands for, e.g. the street address (its tooltip and accessible name). */
  label: string;
  /**
   * A raster tile URL template (`https://…/{z}/{x}/{y}.png`) from the runtime config. Without one the
   * map is drawn offline from the region's county outlines, as in the local stack.
   */
  tileUrl?: string | undefined;
  tileAttribution?: string | undefined;
}

// A pin drawn in SVG, so no marker image is fetched from anywhere (Leaflet's default icon is a PNG URL).
const pinIcon = L.divIcon({
  className: 'listing-map-pin',
  html: `<svg viewBox="0 0 28 40" width="28" height="40" aria-hidden="true" focusable="false">
    <path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 40 14 40s14-15.7 14-26.1C28 6.2 21.7 0 14 0z" fill="currentColor"/>
    <circle cx="14" cy="14" r="5.5" fill="#fff"/></svg>`,
  iconSize: [28, 40],
  iconAnchor: [14, 40],
  tooltipAnchor: [0, -36],
});

/**
 * Offline base layer: light grid lines drawn per tile in the page (no image is fetched), so the map
 * still reads as a map when it pans and zooms; the county outlines and the pin go on top.
 */
class OfflineGrid extends L.GridLayer {
  override createTile(): HTMLElement {
    const tile = document.createElement('div');
    tile.className = 'listing-map-grid-tile';
    return tile;
  }
}

/**
 * The listing's place on a Leaflet map. Imported only through React.lazy (LazyListingMap), so Leaflet
 * and the outlines load with the listing detail, not with the rest of the app.
 */
export default function ListingMap({ lat, lng, label, tileUrl, tileAttribution }: ListingMapProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const map = L.map(container.current!, {
      center: [lat, lng],
      zoom: LISTING_MAP_ZOOM,
      // The page scrolls past the map; zoom with the buttons, a pinch, or + and - when focused.
      scrollWheelZoom: false,
    });
    // Short enough for a phone's width: the scale and the attribution share the bottom edge.
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19, attribution: tileAttribution ?? '' }).addTo(map);
    else new OfflineGrid({ tileSize: 128 }).addTo(map);
    L.geoJSON(regionCounties as FeatureCollection, {
      style: { color: '#1f5f7a', weight: 2, fillColor: '#8fb9c9', fillOpacity: tileUrl ? 0 : 0.18 },
      onEachFeature: (feature, layer) => layer.bindTooltip(`${String(feature.properties?.name)} County`, { sticky: true }),
      attribution: 'Counties: US Census Bureau',
    }).addTo(map);
    // Leaflet puts a string tooltip in as HTML; the label is the broker's own text, so it goes in as text.
    const tooltip = document.createElement('span');
    tooltip.textContent = label;
    L.marker([lat, lng], { icon: pinIcon, title: label, alt: label, keyboard: false })
      .bindTooltip(tooltip)
      .addTo(map);
    L.control.scale({ imperial: true, metric: false }).addTo(map);
    return () => {
      map.remove();
    };
  }, [lat, lng, label, tileUrl, tileAttribution]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={`Map of ${label}`}
      data-testid="listing-map"
      className="listing-map h-72 w-full overflow-hidden rounded-lg border"
    />
  );
}
