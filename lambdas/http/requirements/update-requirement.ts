import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { editRequirement } from '../../domain/requirement-lifecycle';

export const handler = httpHandler(api.updateRequirement, async ({ principal, params, body }) => ({
  requirement: await editRequirement(principal, params.requirementId, body),
}));
