import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { renewRequirement } from '../../domain/requirement-lifecycle';

export const handler = httpHandler(api.renewRequirement, async ({ principal, params }) => ({
  requirement: await renewRequirement(principal, params.requirementId),
}));
