import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { fillRequirement } from '../../domain/requirement-lifecycle';

export const handler = httpHandler(api.fillRequirement, async ({ principal, params, body }) => ({
  requirement: await fillRequirement(principal, params.requirementId, body),
}));
