import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { consumerPaths } from '@/features/consumer/paths';
import { listingsSearch } from '../browse/listings-search';
import { myListingsSearch } from '../my-listings/my-listings-search';

/** /consumer/listings, /consumer/listing/$listingId and /consumer/my-listings (spec 02 §2). */
export const listingsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'listings',
    validateSearch: listingsSearch,
    staticData: { crumbs: [{ label: 'Listings' }] },
    component: lazyRouteComponent(() => import('../browse/listings-page'), 'ListingsPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'listing/$listingId',
    staticData: { crumbs: [{ label: 'Listings', to: consumerPaths.listings }] },
    component: lazyRouteComponent(() => import('../detail/listing-detail-page'), 'ListingDetailPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'my-listings',
    validateSearch: myListingsSearch,
    staticData: { crumbs: [{ label: 'My Listings' }] },
    component: lazyRouteComponent(() => import('../my-listings/my-listings-page'), 'MyListingsPage'),
  }),
];
