/** This feature's pages, one chunk each, loaded by routes/index.tsx (why: "Page loaders" in consumer-route.tsx). */
export const requirementsPage = () => import('../browse/requirements-page');
export const requirementDetailPage = () => import('../detail/requirement-detail-page');
export const myRequirementsPage = () => import('../my-requirements/my-requirements-page');
