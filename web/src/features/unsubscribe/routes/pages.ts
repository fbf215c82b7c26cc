/** The unsubscribe screen, loaded through routes/index.tsx (why: web/README.md "Adding a page"). */
export const unsubscribePage = () => import('../pages/unsubscribe-page');
