import { httpHandler } from '../../core/http';
import { listRequirements } from '../../domain/requirements';

export const handler = httpHandler('listRequirements', async ({ query }) => listRequirements(query));
