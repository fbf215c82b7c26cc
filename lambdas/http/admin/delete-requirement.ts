import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { deleteRequirement } from '../../domain/requirements';

export const handler = httpHandler(api.adminDeleteRequirement, async ({ params }) => {
  await deleteRequirement(params.requirementId);
  return { ok: true as const };
});
