import { adminFunctionById } from '../../shared/api/routes';
import { adminCliActor } from '../domain/audit';
import { removeListingAsOperator, removeRequirementAsOperator } from '../domain/operator-removals';
import { adminHandler } from './command';

/** `npm run admin -- remove-listing|remove-requirement <id>`: the same removal as the operator page's. */
export const handler = adminHandler(adminFunctionById.adminRemove, async ({ action, id }) => {
  await (action === 'remove-listing' ? removeListingAsOperator(id, adminCliActor) : removeRequirementAsOperator(id, adminCliActor));
  return { ok: true, action, id };
});
