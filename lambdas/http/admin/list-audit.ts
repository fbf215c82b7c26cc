import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { auditLog } from '../../domain/audit';

export const handler = httpHandler(api.adminListAudit, async ({ query }) => auditLog(query));
