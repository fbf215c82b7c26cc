import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { operatorActor } from '../../domain/audit';
import { removeListingAsOperator } from '../../domain/operator-removals';

export const handler = httpHandler(api.adminDeleteListing, async ({ params, principal }) => {
  await removeListingAsOperator(params.listingId, operatorActor(principal));
  return { ok: true as const };
});
