import { adminFunctionById } from '../../shared/api/routes';
import { adminDeleteListing } from '../domain/listings';
import { deleteRequirement } from '../domain/requirements';
import { adminHandler } from './command';

/** `npm run admin -- remove-listing|remove-requirement <id>`: the same removal as the operator page's. */
export const handler = adminHandler(adminFunctionById.adminRemove, async ({ action, id }) => {
  await (action === 'remove-listing' ? adminDeleteListing(id) : deleteRequirement(id));
  return { ok: true, action, id };
});
