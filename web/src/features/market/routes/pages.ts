/** This feature's page, its own chunk (with ECharts: nothing else loads the chart library), loaded by routes/index.tsx. */
export const marketPage = () => import('../browse/market-page');
