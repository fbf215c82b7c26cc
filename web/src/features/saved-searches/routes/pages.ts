/** This feature's page, its own chunk, loaded by routes/index.tsx (why: "Page loaders" in consumer-route.tsx). */
export const savedSearchesPage = () => import('../pages/saved-searches-page');
