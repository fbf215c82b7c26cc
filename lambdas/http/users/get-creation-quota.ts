import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { creationQuota } from '../../domain/creation-limits';

export const handler = httpHandler(api.getCreationQuota, async ({ principal }) => ({ quota: await creationQuota(principal.sub) }));
