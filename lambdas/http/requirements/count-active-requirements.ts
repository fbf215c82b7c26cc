import { httpHandler } from '../../core/http';
import { countActiveRequirements } from '../../domain/requirements';

export const handler = httpHandler('countActiveRequirements', async () => ({ count: await countActiveRequirements() }));
