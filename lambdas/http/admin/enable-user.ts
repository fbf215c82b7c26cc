import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { enableUser } from '../../domain/admin';
import { operatorActor } from '../../domain/audit';

export const handler = httpHandler(api.adminEnableUser, async ({ params, principal }) => ({ user: await enableUser(params.userId, operatorActor(principal)) }));
