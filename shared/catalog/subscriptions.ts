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
