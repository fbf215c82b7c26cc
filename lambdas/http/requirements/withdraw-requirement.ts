import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { withdrawRequirement } from '../../domain/requirement-lifecycle';

export const handler = httpHandler(api.withdrawRequirement, async ({ principal, params }) => ({
  requirement: await withdrawRequirement(principal, params.requirementId),
}));
