/** This feature's page, its own chunk, loaded by routes/index.tsx (why: "Page loaders" in consumer-route.tsx). */
export const matchesPage = () => import('../pages/matches-page');
