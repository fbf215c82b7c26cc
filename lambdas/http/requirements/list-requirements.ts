import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listRequirements } from '../../domain/requirements';

export const handler = httpHandler(api.listRequirements, async ({ query }) => listRequirements(query));
