/** This feature's pages, each its own chunk, loaded by routes/index.tsx (why: web/README.md "Adding a page"). */
export const brokersPage = () => import('../browse/brokers-page');
export const brokerPage = () => import('../detail/broker-page');
export const listsPage = () => import('../lists/lists-page');
export const listPage = () => import('../lists/list-page');
