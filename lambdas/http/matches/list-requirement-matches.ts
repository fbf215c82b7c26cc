import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listRequirementMatches } from '../../domain/matching';

export const handler = httpHandler(api.listRequirementMatches, async ({ principal, params, callerApproved }) => ({
  items: await listRequirementMatches(principal, params.requirementId, callerApproved),
}));
