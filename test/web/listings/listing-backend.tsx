import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { listing as listingSchema, listingDraft, saveListingRequest, type Listing } from '@shared/api/schemas/listings';
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
    closedAt: null,
    closedOn: null,
    onMarketSince: null,
    priceHistory: [],
    brochureFile: null,
    user: null,
    version: 0,
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
  const { version: _base, imageOrder, ...draft } = saveListingRequest.parse(body);
  const type = listingTypes.find((t) => t.id === draft.listingTypeId);
  const propertyType = propertyTypes.find((t) => t.id === draft.propertyTypeId);
  const market = markets.find((m) => m.id === draft.marketId);
  return {
    ...stored,
    ...draft,
    type: type ? { listingTypeId: type.id, name: type.name } : null,
    propertyType: propertyType ? { propertyTypeId: propertyType.id, name: propertyType.name } : null,
    market: market ? { marketId: market.id, name: market.name, countyName: counties.find((c) => c.id === market.countyId)!.name } : null,
    images: imageOrder ? imageOrder.map((id) => stored.images.find((image) => image._id === id)!) : stored.images,
    version: stored.version + 1,
  };
}

const STORE_URL = 'https://store.example.test/bucket';

/** A call of the fake API that answers an error once: the image store, or presign / finalise. */
export type FailingCall = 'store' | 'presign' | 'finalise';

export interface FakeListingsApi {
  /** Bodies of every PUT /listing/{id}, parsed, in order. */
  saves: () => Record<string, unknown>[];
  requests: RecordedRequest[];
  /** Makes the next PUTs fail as if the network were down (fetch rejects: not our code). */
  failSaves: (on: boolean) => void;
  current: () => Listing;
  /** Someone saves this draft elsewhere (another tab): its title and a new version. */
  saveElsewhere: (title: string) => void;
  /** The next `call` answers `status` with `message` (the store answers S3's XML, never a message). */
  failNext: (call: FailingCall, status: number, message?: string) => void;
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
  const failures = new Map<FailingCall, Response>();
  const path = `/listing/${initial.listingId}`;
  const imagePath = `/listing/image/${initial.listingId}`;
  const { requests } = await startWithConfig((request) => {
    const { pathname } = request.url;
    const failure = (call: FailingCall) => {
      const response = failures.get(call);
      failures.delete(call);
      return response;
    };
    if (request.url.href.startsWith(STORE_URL)) return failure('store') ?? new Response(null, { status: 204 });
    if (pathname === `${imagePath}/upload`) {
      return (
        failure('presign') ??
        json(200, { url: STORE_URL, fields: { key: 'uploads/raw-1', policy: 'policy' }, key: 'uploads/raw-1', expiresAt: '2030-01-01T00:00:00.000Z' })
      );
    }
    if (pathname === imagePath && request.method === 'POST') {
      const refused = failure('finalise');
      if (refused) return refused;
      stored = { ...stored, images: [...stored.images, { ...testImage, _id: `image-${stored.images.length + 1}` }], version: stored.version + 1 };
      return json(200, { images: stored.images, version: stored.version });
    }
    if (pathname.startsWith(`${imagePath}/`) && request.method === 'DELETE') {
      stored = { ...stored, images: stored.images.filter((image) => !pathname.endsWith(`/${image._id}`)), version: stored.version + 1 };
      return json(200, { images: stored.images, version: stored.version });
    }
    if (pathname === path && request.method === 'GET') return json(200, { listing: stored });
    if (pathname === path && request.method === 'PUT') {
      if (failing) throw new TypeError('Failed to fetch');
      const body = JSON.parse(String(request.body)) as { version?: number };
      if (body.version !== stored.version) {
        return json(409, { message: 'This listing was changed elsewhere.', currentVersion: stored.version });
      }
      stored = applyDraft(stored, body);
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
    saveElsewhere: (title) => {
      stored = { ...stored, title, version: stored.version + 1 };
    },
    failNext: (call, status, message) => {
      failures.set(call, message ? json(status, { message }) : new Response('<Error/>', { status }));
    },
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
