/** This feature's pages, one chunk each, loaded by routes/index.tsx (why: "Page loaders" in consumer-route.tsx). */
export const profilePage = () => import('../pages/profile-page');
