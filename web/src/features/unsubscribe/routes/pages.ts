/** The unsubscribe screen, loaded through routes/index.tsx (why: "Page loaders" in consumer/routes/consumer-route.tsx). */
export const unsubscribePage = () => import('../pages/unsubscribe-page');
