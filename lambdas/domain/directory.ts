import type { DirectoryBroker, DirectoryPage, DirectoryQuery } from '../../shared/api';
import { byId, marketAreas, markets, propertyTypes, requirementTypes, subscriptionCategories } from '../../shared/catalog';
import { directoryActiveSince } from '../../shared/rules';
import { notFound } from '../core/errors';
import { directoryRepository, type DirectoryFacets } from '../data/directory';
import { listingsRepository, type ListingRecord } from '../data/listings';
import { activeFromOf, requirementsRepository, type RequirementRecord } from '../data/requirements';
import { fullNameOf, usersRepository, type UserRecord } from '../data/users';
import { delegationsRepository } from '../data/delegations';
import { fullReadPageSize } from '../data/table';
import { assetUrl, legacyLogoKey } from './assets';
import { contactCardFor, privacyOf } from './contacts';

const areaById = byId(marketAreas);
const marketById = byId(markets);
const propertyTypeById = byId(propertyTypes);
const dealTypeById = byId(requirementTypes);


/**
 * Only approved brokers who have not opted out are listed; disabled, pending and deleted accounts never
 * are, nor operators (the team, not members).
 */
const isListed = (record: UserRecord) => record.status === 'active' && !record.operator && privacyOf(record).listed;

const named = <T extends { id: string; name: string }>(catalog: ReadonlyMap<string, T>, ids: Iterable<string>) =>
  [...new Set(ids)].sort().map((id) => ({ id, name: catalog.get(id)?.name ?? id }));

/** The owner's sent requirements, a full-read page at a time (QUERY_PAGE_SIZE: tests read several pages). */
export async function activeRequirementsOf(userId: string): Promise<(RequirementRecord & { sentAt: string })[]> {
  const out: (RequirementRecord & { sentAt: string })[] = [];
  let cursor: string | undefined;
  do {
    const page = await requirementsRepository.pageByOwner(userId, fullReadPageSize(100)!, cursor, 'sent');
    for (const record of page.items) if (record.sentAt) out.push({ ...record, sentAt: record.sentAt });
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

export const activeListingsOf = async (userId: string) => (await listingsRepository.allByOwner(userId)).filter((l) => l.status === 'published');
const listingActivity = (listing: ListingRecord) => listing.renewedAt ?? listing.publishedOn;

/**
 * The property types a broker's subscriptions pick out: none when they cover every type, as a new account's
 * do (subscribed to all by default, which says nothing of what the broker works on).
 */
function subscribedPropertyTypes(record: UserRecord): string[] {
  const types = new Set(subscriptionCategories.filter((c) => record.subscribed.includes(c.id)).map((c) => c.propertyTypeId));
  return types.size === propertyTypes.length ? [] : [...types];
}

/**
 * What a broker works on: the property types of their active items and of the subscriptions they narrowed,
 * the markets (with their counties) and deal types of their active listings and requirements.
 */
function facetsOf(record: UserRecord, listings: readonly ListingRecord[], requirements: readonly RequirementRecord[]): DirectoryFacets {
  const marketIds = [...listings.map((l) => l.marketId), ...requirements.flatMap((r) => r.marketIds)].filter((id): id is string => !!id);
  const countyIds = marketIds.map((id) => marketById.get(id)?.countyId).filter((id): id is string => !!id && areaById.has(id));
  const subscribedTypes = subscribedPropertyTypes(record);
  return {
    dealTypeIds: [...new Set([...listings.map((l) => l.listingTypeId), ...requirements.map((r) => r.requirementTypeId)].filter((id): id is NonNullable<typeof id> => !!id))],
    propertyTypeIds: [...new Set([...subscribedTypes, ...listings.map((l) => l.propertyTypeId), ...requirements.map((r) => r.propertyTypeId)].filter((id): id is NonNullable<typeof id> => !!id))],
    areaIds: [...new Set([...marketIds, ...countyIds])],
  };
}

/** The active brokers an account assists as an approved delegate: its card says "Assistant to …". */
async function brokersAssistedBy(delegateId: string): Promise<UserRecord[]> {
  const approved = (await delegationsRepository.ofDelegate(delegateId)).filter((d) => d.state === 'approved');
  const brokers = await Promise.all(approved.map((d) => usersRepository.get(d.brokerId)));
  return brokers.filter((broker): broker is UserRecord => broker?.status === 'active');
}

/**
 * Rewrites a broker's directory entries from their record and active items: called after every change of
 * what a card shows (profile, privacy, status, an item published, renewed, closed or removed).
 */
export async function refreshDirectory(userId: string): Promise<void> {
  const record = await usersRepository.get(userId);
  if (!record || !isListed(record)) return directoryRepository.replace(userId, null);
  const [listings, requirements, lastRecorded, assisted] = await Promise.all([
    activeListingsOf(userId),
    activeRequirementsOf(userId),
    directoryRepository.lastActiveAt(userId),
    brokersAssistedBy(userId),
  ]);
  const activity = [...listings.map(listingActivity), ...requirements.map(activeFromOf), lastRecorded].filter((at): at is string => !!at).sort();
  const facets = facetsOf(record, listings, requirements);
  const card = contactCardFor(record, 'member', 'directory');
  const broker: DirectoryBroker = {
    userId,
    firstName: record.firstName,
    lastName: record.lastName,
    title: record.title,
    phone: card.phone,
    email: card.email,
    photoUrl: record.profileImage?.profile ?? null,
    firm: record.brokerInfo
      ? {
          name: record.brokerInfo.name,
          logoUrl: record.brokerImage?.thumbnail ?? (record.brokerInfo.logoSrc ? legacyLogoKey(record.brokerInfo.logoSrc) : null),
          ...(record.brokerInfo.address1 && { address1: record.brokerInfo.address1 }),
          ...(record.brokerInfo.address2 && { address2: record.brokerInfo.address2 }),
        }
      : null,
    propertyTypes: named(propertyTypeById, facets.propertyTypeIds),
    markets: named(areaById, facets.areaIds.filter((id) => marketById.has(id))),
    dealTypes: named(dealTypeById, facets.dealTypeIds),
    activeListings: listings.length,
    activeRequirements: requirements.length,
    lastActiveAt: activity.at(-1) ?? null,
    ...(assisted.length > 0 && { assistantTo: assisted.map(fullNameOf).sort() }),
  };
  await directoryRepository.replace(userId, { broker, facets });
}

/**
 * After a change of an account's status or name: its own entries and the cards of the delegates who assist
 * it, whose "Assistant to" names it only while it is active.
 */
export async function refreshDirectoryAndAssistants(userId: string): Promise<void> {
  await refreshDirectory(userId);
  const assistants = (await delegationsRepository.ofBroker(userId)).filter((d) => d.state === 'approved');
  for (const delegation of assistants) await refreshDirectory(delegation.delegateId);
}

/** Stored cards hold S3 keys; the answer carries their URLs (the asset host may change, the entries stay). */
export const withUrls = (broker: DirectoryBroker): DirectoryBroker => ({
  ...broker,
  photoUrl: broker.photoUrl && assetUrl(broker.photoUrl),
  firm: broker.firm && { ...broker.firm, logoUrl: broker.firm.logoUrl && assetUrl(broker.firm.logoUrl) },
});

export async function listBrokers(query: DirectoryQuery, now = new Date()): Promise<DirectoryPage> {
  const page = await directoryRepository.page(query, query.sort, query.limit, {
    cursor: query.cursor,
    search: query.q || undefined,
    activeSince: query.recent ? directoryActiveSince(now) : undefined,
  });
  return { items: page.items.map(withUrls), nextCursor: page.nextCursor };
}

/** A listed broker's card, or 404 (not listed: opted out, disabled, pending, deleted, or no such broker). */
export async function listedBroker(userId: string): Promise<DirectoryBroker> {
  const broker = await directoryRepository.get(userId);
  if (!broker) throw notFound('Broker not found');
  return withUrls(broker);
}
