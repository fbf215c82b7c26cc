/** This feature's page, its own chunk, loaded by routes/index.tsx (why: web/README.md "Adding a page"). */
export const savedSearchesPage = () => import('../pages/saved-searches-page');
