/** The consumer area's layout, loaded by consumer-route.tsx (why: "Page loaders" there). */
export const consumerLayout = () => import('../components/consumer-layout');
