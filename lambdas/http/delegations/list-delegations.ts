import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listDelegations } from '../../domain/delegations';

export const handler = httpHandler(api.listDelegations, async ({ principal }) => listDelegations(principal.sub));
