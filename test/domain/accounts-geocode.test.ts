import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../lambdas/core/env';
import { addressKey, geocodeAddress, isGeocodable } from '../../lambdas/domain/geocode';

const address = (fields: Partial<{ address1: string; city: string; state: string; zipCode: string }>) => ({ address1: '', city: '', state: 'CA', zipCode: '', ...fields });

describe('geocoding offline (the local stack)', () => {
  it('keys an address by its four parts, trimmed and lowercased', () => {
    expect(addressKey({ address1: ' 1500 J Street ', city: 'SACRAMENTO', state: ' Ca', zipCode: '95814 ' })).toBe('1500 j street|sacramento|ca|95814');
    expect(addressKey(address({}))).toBe('||ca|');
  });

  it('asks only for a five-digit ZIP or a street with a city', () => {
    expect(isGeocodable(address({ zipCode: ' 95814 ' }))).toBe(true);
    expect(isGeocodable(address({ zipCode: '9581' }))).toBe(false);
    expect(isGeocodable(address({ zipCode: '958140' }))).toBe(false);
    expect(isGeocodable(address({ zipCode: 'x95814' }))).toBe(false);
    expect(isGeocodable(address({ address1: '1 Main St', city: 'Davis' }))).toBe(true);
    expect(isGeocodable(address({ address1: '1 Main St', city: '  ' }))).toBe(false);
    expect(isGeocodable(address({ address1: '  ', city: 'Davis' }))).toBe(false);
  });

  it('places a ZIP at its centroid, spaces around it or not; a street without a ZIP and an unknown ZIP have no point', async () => {
    const point = await geocodeAddress(address({ zipCode: ' 95814 ' }));
    expect(point?.lat).toBeCloseTo(38.58, 1);
    expect(point?.lng).toBeCloseTo(-121.49, 1);
    expect(await geocodeAddress(address({ address1: '1 Main St', city: 'Davis', zipCode: '9561' }))).toBeNull();
    expect(await geocodeAddress(address({ address1: '1 Main St', city: 'Davis' }))).toBeNull();
    expect(await geocodeAddress(address({ zipCode: '00001' }))).toBeNull();
    expect(await geocodeAddress(address({ zipCode: '9581' }))).toBeNull();
  });
});

/**
 * Amazon Location Service, as the cloud stage geocodes: a stand-in for its SearchPlaceIndexForText API on a
 * local port, which records what it was asked and answers what the test says. The SDK puts its `places.`
 * host prefix before the endpoint, so the resolver sends that name to the loopback address.
 */
describe('geocoding with Amazon Location (the cloud)', () => {
  const asked: { path: string; body: Record<string, unknown> }[] = [];
  let answer: unknown = {};
  let server: Server;
  const lookup = dns.lookup;
  const settings = { GEOCODER: 'amazon-location', PLACE_INDEX_NAME: 'bisn-test-places', AWS_ENDPOINT_URL_LOCATION: '' };
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        asked.push({ path: request.url ?? '', body: JSON.parse(body) as Record<string, unknown> });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ Summary: { Text: 'x', DataSource: 'Esri' }, ...(answer as object) }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    settings.AWS_ENDPOINT_URL_LOCATION = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    Object.assign(process.env, settings);
    resetEnvCache();
    (dns as { lookup: unknown }).lookup = (host: string, ...rest: unknown[]) =>
      (lookup as (...args: unknown[]) => void)(host.replace(/^places\./, ''), ...rest);
  });
  afterAll(async () => {
    (dns as { lookup: unknown }).lookup = lookup;
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks the place index for the address as one line, one US result biased to Sacramento, and answers its point', async () => {
    answer = { Results: [{ Place: { Geometry: { Point: [-121.74, 38.54] } }, Relevance: 1 }] };
    asked.length = 0;
    expect(await geocodeAddress({ address1: ' 1 Main St ', city: 'Davis ', state: 'CA', zipCode: '95616' })).toEqual({ lat: 38.54, lng: -121.74 });
    expect(asked).toEqual([
      {
        path: '/places/v0/indexes/bisn-test-places/search/text',
        body: { Text: '1 Main St, Davis, CA 95616', MaxResults: 1, FilterCountries: ['USA'], BiasPosition: [-121.4944, 38.5816] },
      },
    ]);
  });

  it('leaves out the parts an address lacks', async () => {
    answer = { Results: [] };
    asked.length = 0;
    expect(await geocodeAddress({ address1: '', city: '', state: '', zipCode: '95814' })).toBeNull();
    expect(await geocodeAddress({ address1: '1 Main St', city: 'Davis', state: 'CA', zipCode: '' })).toBeNull();
    expect(await geocodeAddress({ address1: '1 Main St', city: 'Davis', state: '', zipCode: '' })).toBeNull();
    expect(asked.map((a) => a.body.Text)).toEqual(['95814', '1 Main St, Davis, CA', '1 Main St, Davis']);
  });

  it('answers no point when the index finds no place or no usable point, and never asks for an address it cannot place', async () => {
    asked.length = 0;
    for (const none of [{ Results: [] }, {}, { Results: [{ Place: { Geometry: {} }, Relevance: 1 }] }, { Results: [{ Place: {}, Relevance: 1 }] }, { Results: [{ Relevance: 1 }] }, { Results: [{ Place: { Geometry: { Point: [-121.74] } }, Relevance: 1 }] }]) {
      answer = none;
      expect(await geocodeAddress(address({ zipCode: '95814' }))).toBeNull();
    }
    expect(await geocodeAddress(address({ address1: '1 Main St' }))).toBeNull();
    expect(asked).toHaveLength(6);
  });
});
