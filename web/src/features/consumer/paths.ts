/**
 * Paths of the consumer area (PRODUCT.md "Names and places"). Plain strings, so links compile whether or
 * not the screen's feature has registered its route yet.
 */
export const consumerPaths = {
  root: '/consumer',
  dashboard: '/consumer/dashboard',
  requirements: '/consumer/requirements',
  myRequirements: '/consumer/my-requirements',
  listings: '/consumer/listings',
  myListings: '/consumer/my-listings',
  profile: '/consumer/profile',
  vendors: '/consumer/vendors',
  operators: '/consumer/operators',
} as const;

export const requirementPath = (requirementId: string) => `/consumer/requirement/${encodeURIComponent(requirementId)}`;
export const listingPath = (listingId: string) => `/consumer/listing/${encodeURIComponent(listingId)}`;
