import type { LocalStack } from '../../../lib/local/stack';
import type { Listing } from '../../../shared/api';
import { call, expectOk, queuedListing, runBlastJob, type Broker } from '../quality/support';

/** A listing of `broker`, published by the blast: industrial for lease in Power Inn, 12,400 sf at $1.10/sf a month. */
export async function publishedListing(stack: LocalStack, broker: Broker, overrides: Parameters<typeof queuedListing>[2] = {}): Promise<Listing> {
  const queued = await queuedListing(stack, broker, {
    listingTypeId: 'for-lease',
    propertyTypeId: 'industrial',
    marketId: 'sac-power-inn',
    sqft: 12_400,
    minSqft: null,
    maxSqft: null,
    price: null,
    leasePrice: 1.1,
    leaseFrequencyId: 'monthly',
    highlights: ['Dock-high doors', 'Fenced yard', 'Heavy power'],
    ...overrides,
  });
  await runBlastJob();
  return (await expectOk(call<{ listing: Listing }>(stack, broker.token, 'getListing', { params: { listingId: queued.listingId } }))).listing;
}
