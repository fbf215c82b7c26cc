/** This feature's pages, one chunk each, loaded by routes/index.tsx (why: "Page loaders" in consumer-route.tsx). */
export const vendorsPage = () => import('../pages/vendors-page');
