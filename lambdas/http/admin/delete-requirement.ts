import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { operatorActor } from '../../domain/audit';
import { removeRequirementAsOperator } from '../../domain/operator-removals';

export const handler = httpHandler(api.adminDeleteRequirement, async ({ params, principal }) => {
  await removeRequirementAsOperator(params.requirementId, operatorActor(principal));
  return { ok: true as const };
});
