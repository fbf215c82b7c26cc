import { httpHandler } from '../../core/http';
import { getRequirement } from '../../domain/requirements';

export const handler = httpHandler('getRequirement', async ({ principal, params }) => ({
  requirement: await getRequirement(principal, params.requirementId),
}));
