import { propertyTypes, type PropertyTypeId } from './types-of-deal';

export type Channel = 'listings' | 'requirements';
export type SubscriptionId = `${PropertyTypeId}-${Channel}`;

export interface SubscriptionCategory {
  readonly id: SubscriptionId;
  readonly name: string;
  readonly propertyTypeId: PropertyTypeId;
  readonly channel: Channel;
}

const channelName: Record<Channel, string> = { listings: 'Listings', requirements: 'Requirements' };

/** 7 property types × {Listings, Requirements} = 14 e-mail categories (PRODUCT.md). */
export const subscriptionCategories: readonly SubscriptionCategory[] = (['listings', 'requirements'] as const).flatMap(
  (channel) =>
    propertyTypes.map((pt) => ({
      id: `${pt.id}-${channel}` as SubscriptionId,
      name: `${pt.name} ${channelName[channel]}`,
      propertyTypeId: pt.id,
      channel,
    })),
);

export function subscriptionIdFor(propertyTypeId: PropertyTypeId, channel: Channel): SubscriptionId {
  return `${propertyTypeId}-${channel}`;
}

/**
 * What an unsubscribe link names as the mail's origin: one category (a requirement broadcast), the
 * weekday listings blast (a digest spans every listings category), the personal digest, one
 * saved search's instant alerts (`search-<savedSearchId>`), or all (the confirmation mail, the match
 * notices, and tokens that name no stream).
 */
export type SavedSearchStream = `search-${string}`;
export type UnsubscribeStream = SubscriptionId | 'listings' | 'digest' | SavedSearchStream | 'all';

const SEARCH_STREAM = /^search-([\w-]{1,64})$/;
export const savedSearchStream = (savedSearchId: string): SavedSearchStream => `search-${savedSearchId}`;
/** The saved search a stream names, or null. */
export const savedSearchOfStream = (stream: string): string | null => SEARCH_STREAM.exec(stream)?.[1] ?? null;

export function isUnsubscribeStream(value: string): value is UnsubscribeStream {
  return value === 'listings' || value === 'digest' || value === 'all' || SEARCH_STREAM.test(value) || subscriptionCategories.some((c) => c.id === value);
}

/** The categories a stream covers (a saved search's covers none: it is its own switch). */
export function categoriesOfStream(stream: UnsubscribeStream): SubscriptionId[] {
  if (stream === 'all') return subscriptionCategories.map((c) => c.id);
  if (stream === 'listings' || stream === 'digest') return subscriptionCategories.filter((c) => c.channel === 'listings').map((c) => c.id);
  if (savedSearchOfStream(stream)) return [];
  return [stream as SubscriptionId];
}

/** "Office Requirements", "the weekday listings blast", "all our e-mails". */
export function streamName(stream: UnsubscribeStream): string {
  if (stream === 'all') return 'all our e-mails';
  if (stream === 'listings') return 'the weekday listings blast';
  if (stream === 'digest') return 'your digest';
  if (savedSearchOfStream(stream)) return 'the alerts of one of your saved searches';
  return subscriptionCategories.find((c) => c.id === stream)!.name;
}
