import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { disableUser } from '../../domain/admin';
import { operatorActor } from '../../domain/audit';

export const handler = httpHandler(api.adminDisableUser, async ({ params, principal }) => ({ user: await disableUser(params.userId, operatorActor(principal)) }));
