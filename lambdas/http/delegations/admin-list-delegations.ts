import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listDelegationsAwaitingOperator } from '../../domain/delegations';

export const handler = httpHandler(api.adminListDelegations, async ({ query }) => listDelegationsAwaitingOperator(query.limit, query.cursor));
