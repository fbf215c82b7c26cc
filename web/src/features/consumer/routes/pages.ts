/** The consumer area's layout, loaded by consumer-route.tsx (why: web/README.md "Adding a page"). */
export const consumerLayout = () => import('../components/consumer-layout');
