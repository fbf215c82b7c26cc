import { httpHandler } from '../../core/http';
import { unsubscribeAddress } from '../../domain/unsubscribe';

export const handler = httpHandler('unsubscribe', async ({ body }) => unsubscribeAddress(body.email));
