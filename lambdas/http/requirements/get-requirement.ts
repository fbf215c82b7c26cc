import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { getRequirement } from '../../domain/requirements';

export const handler = httpHandler(api.getRequirement, async ({ principal, params, callerApproved }) => ({
  requirement: await getRequirement(principal, params.requirementId, callerApproved),
}));
