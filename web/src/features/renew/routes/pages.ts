/** This feature's page, its own chunk. */
export const renewPage = () => import('../pages/renew-page');
