import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { consumerPaths } from '@/features/consumer/paths';
import { consumerRoute } from '@/features/consumer/routes/consumer-route';
import { requirementsSearch } from '../browse/requirements-search';
import { myRequirementsSearch } from '../my-requirements/my-requirements-search';

const pages = () => import('./pages');

/** /consumer/requirements, /consumer/requirement/$requirementId and /consumer/my-requirements (spec 02 §2). */
export const requirementsRoutes = [
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'requirements',
    validateSearch: requirementsSearch,
    staticData: { crumbs: [{ label: 'Requirements' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.requirementsPage()), 'RequirementsPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'requirement/$requirementId',
    staticData: { crumbs: [{ label: 'Requirements', to: consumerPaths.requirements }] },
    component: lazyRouteComponent(() => pages().then((page) => page.requirementDetailPage()), 'RequirementDetailPage'),
  }),
  createRoute({
    getParentRoute: () => consumerRoute,
    path: 'my-requirements',
    validateSearch: myRequirementsSearch,
    staticData: { crumbs: [{ label: 'My Requirements' }] },
    component: lazyRouteComponent(() => pages().then((page) => page.myRequirementsPage()), 'MyRequirementsPage'),
  }),
];
