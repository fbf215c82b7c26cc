import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { consumerPaths } from '@/features/consumer/paths';
import { listingsSearch } from '../browse/listings-search';
import { myListingsSearch } from '../my-listings/my-listings-search';

const pages = () => import('./pages');

/** /consumer/listings, /consumer/listing/$listingId and /consumer/my-listings (spec 02 §2). */
export const listingsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'listings',
    validateSearch: listingsSearch,
    staticData: { crumbs: [{ label: 'Listings' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.listingsPage()), 'ListingsPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'listing/$listingId',
    staticData: { crumbs: [{ label: 'Listings', to: consumerPaths.listings }] },
    component: lazyRouteComponent(() => pages().then((page) => page.listingDetailPage()), 'ListingDetailPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'my-listings',
    validateSearch: myListingsSearch,
    staticData: { crumbs: [{ label: 'My Listings' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.myListingsPage()), 'MyListingsPage'),
  }),
];
