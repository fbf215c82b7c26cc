import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { unsubscribeAddress } from '../../domain/unsubscribe';

export const handler = httpHandler(api.unsubscribe, async ({ body }) => unsubscribeAddress(body.email));
