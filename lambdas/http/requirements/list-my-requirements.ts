import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listMyRequirements } from '../../domain/requirements';

// scope 'self': the pipeline already refused any userId other than the caller's own.
export const handler = httpHandler(api.listMyRequirements, async ({ params, query }) => listMyRequirements(params.userId, query));
