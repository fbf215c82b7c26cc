import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { countActiveRequirements } from '../../domain/requirements';

export const handler = httpHandler(api.countActiveRequirements, async () => ({ count: await countActiveRequirements() }));
