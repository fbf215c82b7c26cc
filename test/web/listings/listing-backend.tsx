import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { listing as listingSchema, listingDraft, type Listing } from '@shared/api/schemas/listings';
import { counties, listingTypes, markets, propertyTypes } from '@shared/catalog';
import { createQueryClient } from '@/lib/query-client';
import { ListingEditor } from '@/features/listings/editor/listing-editor';
import { seedCognitoSession } from '../support/cognito-session';
import { json, startWithConfig, type RecordedRequest } from '../support/fake-backend';

/** A draft as the API answers it: empty fields, no photo, not yet located. */
export function testListing(overrides: Partial<Listing> = {}): Listing {
  return listingSchema.parse({
    ...listingDraft.parse({}),
    listingId: 'listing-1',
    status: 'draft',
    userId: 'user-1',
    type: null,
    propertyType: null,
    market: null,
    images: [],
    location: null,
    createdAt: '2026-01-05T17:00:00.000Z',
    updatedAt: '2026-01-05T17:00:00.000Z',
    publishedOn: null,
    expiresAt: null,
    user: null,
    ...overrides,
  });
}

export const testImage = {
  _id: 'image-1',
  thumbnail: 'https://assets.example.test/listings/listing-1/image-1/thumbnail.jpg',
  medium: 'https://assets.example.test/listings/listing-1/image-1/medium.jpg',
  large: 'https://assets.example.test/listings/listing-1/image-1/large.jpg',
};

/** The stored listing after a PUT: the draft's fields, named from the catalogues as the API names them. */
function applyDraft(stored: Listing, body: unknown): Listing {
  const draft = listingDraft.parse(body);
  const type = listingTypes.find((t) => t.id === draft.listingTypeId);
  const propertyType = propertyTypes.find((t) => t.id === draft.propertyTypeId);
  const market = markets.find((m) => m.id === draft.marketId);
  return {
    ...stored,
    ...draft,
    type: type ? { listingTypeId: type.id, name: type.name } : null,
    propertyType: propertyType ? { propertyTypeId: propertyType.id, name: propertyType.name } : null,
    market: market ? { marketId: market.id, name: market.name, countyName: counties.find((c) => c.id === market.countyId)!.name } : null,
  };
}

export interface FakeListingsApi {
  /** Bodies of every PUT /listing/{id}, parsed, in order. */
  saves: () => Record<string, unknown>[];
  requests: RecordedRequest[];
  /** Makes the next PUTs fail as if the network were down (fetch rejects: not our code). */
  failSaves: (on: boolean) => void;
  current: () => Listing;
}

/**
 * The browser's fetch replaced by a small listings API: GET/PUT/DELETE /listing/{id} and POST
 * /listing/publish/{id} on one stored listing. Only fetch is faked; the editor, the API client and
 * the autosave are the real ones.
 */
export async function fakeListingsApi(initial: Listing): Promise<FakeListingsApi> {
  seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' });
  let stored = initial;
  let failing = false;
  const path = `/listing/${initial.listingId}`;
  const { requests } = await startWithConfig((request) => {
    const { pathname } = request.url;
    if (pathname === path && request.method === 'GET') return json(200, { listing: stored });
    if (pathname === path && request.method === 'PUT') {
      if (failing) throw new TypeError('Failed to fetch');
      stored = applyDraft(stored, JSON.parse(String(request.body)));
      return json(200, { listing: stored });
    }
    if (pathname === path && request.method === 'DELETE') return json(200, { ok: true });
    if (pathname === `/listing/publish/${initial.listingId}` && request.method === 'POST') {
      stored = { ...stored, status: 'queued' };
      return json(200, { listing: stored });
    }
    return json(404, { message: 'Not found' });
  });
  return {
    requests,
    saves: () =>
      requests
        .filter((r) => r.method === 'PUT' && r.url.pathname === path)
        .map((r) => JSON.parse(String(r.body)) as Record<string, unknown>),
    failSaves: (on) => {
      failing = on;
    },
    current: () => stored,
  };
}

/** The editor drawer open on `listingId`, as My Listings renders it. */
export function renderEditor(listingId = 'listing-1') {
  const onClose = vi.fn();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ListingEditor listingId={listingId} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { ...view, onClose, queryClient };
}

/**
 * jsdom lacks what Radix Select calls when it opens (pointer capture, scrollIntoView); a browser has
 * them. Stubbed here so a test can pick an option the way a user does.
 */
export function allowRadixSelect() {
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.releasePointerCapture ??= () => undefined;
  proto.scrollIntoView ??= () => undefined;
}
