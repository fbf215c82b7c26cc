import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { approveUser } from '../../domain/admin';
import { operatorActor } from '../../domain/audit';

export const handler = httpHandler(api.adminApproveUser, async ({ params, principal }) => ({ user: await approveUser(params.userId, operatorActor(principal)) }));
