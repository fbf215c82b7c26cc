/** This feature's pages, one chunk each, loaded by routes/index.tsx (why: web/README.md "Adding a page"). */
export const requirementsPage = () => import('../browse/requirements-page');
export const requirementDetailPage = () => import('../detail/requirement-detail-page');
export const myRequirementsPage = () => import('../my-requirements/my-requirements-page');
