/** The legal pages, loaded through routes/index.tsx (why: web/README.md "Adding a page"). */
export const termsPage = () => import('../pages/terms-page');
export const privacyPage = () => import('../pages/privacy-page');
export const copyrightPage = () => import('../pages/copyright-page');
