/** The legal pages, loaded through routes/index.tsx (why: "Page loaders" in consumer/routes/consumer-route.tsx). */
export const termsPage = () => import('../pages/terms-page');
export const privacyPage = () => import('../pages/privacy-page');
export const copyrightPage = () => import('../pages/copyright-page');
