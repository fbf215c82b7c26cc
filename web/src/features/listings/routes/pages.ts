/** This feature's pages, one chunk each, loaded by routes/index.tsx (why: "Page loaders" in consumer-route.tsx). */
export const listingsPage = () => import('../browse/listings-page');
export const listingDetailPage = () => import('../detail/listing-detail-page');
export const myListingsPage = () => import('../my-listings/my-listings-page');
