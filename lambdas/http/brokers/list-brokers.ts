import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listBrokers } from '../../domain/directory';

export const handler = httpHandler(api.listBrokers, async ({ query }) => listBrokers(query));
