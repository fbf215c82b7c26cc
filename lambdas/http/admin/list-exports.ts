import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { exportLog } from '../../domain/contact-lists';

export const handler = httpHandler(api.adminListExports, async ({ query }) => exportLog(query));
