/**
 * Paths of the consumer area (PRODUCT.md "Names and places"). Plain strings, so links compile whether or
 * not the screen's feature has registered its route yet.
 */
type ConsumerScreen =
  | 'root'
  | 'dashboard'
  | 'requirements'
  | 'myRequirements'
  | 'listings'
  | 'myListings'
  | 'matches'
  | 'brokers'
  | 'market'
  | 'lists'
  | 'savedSearches'
  | 'profile'
  | 'vendors'
  | 'operators';

export const consumerPaths: { readonly [S in ConsumerScreen]: string } = {
  root: '/consumer',
  dashboard: '/consumer/dashboard',
  requirements: '/consumer/requirements',
  myRequirements: '/consumer/my-requirements',
  listings: '/consumer/listings',
  myListings: '/consumer/my-listings',
  matches: '/consumer/matches',
  brokers: '/consumer/brokers',
  market: '/consumer/market',
  lists: '/consumer/lists',
  savedSearches: '/consumer/saved-searches',
  profile: '/consumer/profile',
  vendors: '/consumer/vendors',
  operators: '/consumer/operators',
};

export const requirementPath = (requirementId: string) => `/consumer/requirement/${encodeURIComponent(requirementId)}`;
export const listingPath = (listingId: string) => `/consumer/listing/${encodeURIComponent(listingId)}`;
export const brokerPath = (userId: string) => `/consumer/brokers/${encodeURIComponent(userId)}`;
export const contactListPath = (listId: string) => `/consumer/lists/${encodeURIComponent(listId)}`;
