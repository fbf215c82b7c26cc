/** This feature's pages, one chunk each, loaded by routes/index.tsx (why: web/README.md "Adding a page"). */
export const listingsPage = () => import('../browse/listings-page');
export const listingDetailPage = () => import('../detail/listing-detail-page');
export const myListingsPage = () => import('../my-listings/my-listings-page');
