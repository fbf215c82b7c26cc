import { LocationClient, SearchPlaceIndexForTextCommand } from '@aws-sdk/client-location';
import type { GeoPoint } from '../data/listings';
import { env } from '../core/env';

export interface GeocodeAddress {
  address1: string;
  city: string;
  state: string;
  zipCode: string;
}

/** The normalised address a stored location was computed from: a save geocodes again only when it changes. */
export function addressKey(address: GeocodeAddress): string {
  return [address.address1, address.city, address.state, address.zipCode].map((p) => p.trim().toLowerCase()).join('|');
}

/** Worth asking a geocoder: a ZIP, or a street with a city. */
export function isGeocodable(address: GeocodeAddress): boolean {
  return /^\d{5}$/.test(address.zipCode.trim()) || (!!address.address1.trim() && !!address.city.trim());
}

/**
 * Offline, for the local stack: the centroid of the ZIP code (PRODUCT.md "Maps": the pin lands in the
 * right neighbourhood). Loaded on first use: the table is 5 MB and the cloud never needs it.
 */
async function zipCentroid(address: GeocodeAddress): Promise<GeoPoint | null> {
  const zip = address.zipCode.trim();
  if (!/^\d{5}$/.test(zip)) return null;
  const { lookup } = await import('zipcodes');
  const found = lookup(zip);
  return found ? { lat: found.latitude, lng: found.longitude } : null;
}

let location: LocationClient | undefined;

/** Sacramento: results are biased towards the market, so a bare street name resolves locally first. */
const MARKET_CENTRE: [number, number] = [-121.4944, 38.5816];

async function amazonLocation(address: GeocodeAddress): Promise<GeoPoint | null> {
  const e = env();
  location ??= new LocationClient({ region: e.AWS_REGION });
  const text = [address.address1, address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(', ');
  const out = await location.send(
    new SearchPlaceIndexForTextCommand({
      IndexName: e.PLACE_INDEX_NAME,
      Text: text,
      MaxResults: 1,
      FilterCountries: ['USA'],
      BiasPosition: MARKET_CENTRE,
    }),
  );
  const point = out.Results?.[0]?.Place?.Geometry?.Point;
  return point && point.length === 2 ? { lng: point[0]!, lat: point[1]! } : null;
}

/**
 * Latitude and longitude of a listing's address, or null when the geocoder knows no such place.
 * GEOCODER picks the implementation: `zip-centroids` locally, `amazon-location` in the cloud.
 */
export async function geocodeAddress(address: GeocodeAddress): Promise<GeoPoint | null> {
  if (!isGeocodable(address)) return null;
  return env().GEOCODER === 'amazon-location' ? amazonLocation(address) : zipCentroid(address);
}
