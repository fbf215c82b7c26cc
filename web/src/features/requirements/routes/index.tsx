import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerPaths } from '@/features/consumer/paths';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { requirementsSearch } from '../browse/requirements-search';

/** /consumer/requirements, /consumer/requirement/$requirementId and /consumer/my-requirements (spec 02 §2). */
export const requirementsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'requirements',
    validateSearch: requirementsSearch,
    staticData: { crumbs: [{ label: 'Requirements' }] },
    component: lazyRouteComponent(() => import('../browse/requirements-page'), 'RequirementsPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'requirement/$requirementId',
    staticData: { crumbs: [{ label: 'Requirements', to: consumerPaths.requirements }] },
    component: lazyRouteComponent(() => import('../detail/requirement-detail-page'), 'RequirementDetailPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'my-requirements',
    staticData: { crumbs: [{ label: 'My Requirements' }] },
    component: lazyRouteComponent(() => import('../my-requirements/my-requirements-page'), 'MyRequirementsPage'),
  }),
];
