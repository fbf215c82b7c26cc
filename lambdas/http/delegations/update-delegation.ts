import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateDelegation } from '../../domain/delegations';

export const handler = httpHandler(api.updateDelegation, async ({ principal, params, body }) => ({
  delegation: await updateDelegation(principal, params.brokerId, params.delegateId, body),
}));
