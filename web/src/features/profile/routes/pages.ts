/** This feature's pages, one chunk each, loaded by routes/index.tsx (why: web/README.md "Adding a page"). */
export const profilePage = () => import('../pages/profile-page');
