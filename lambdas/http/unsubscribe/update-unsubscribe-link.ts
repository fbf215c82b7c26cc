import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateFromUnsubscribeLink } from '../../domain/unsubscribe';

/** The page's "Unsubscribe from …" and "Re-subscribe" buttons, proved by the signed token. */
export const handler = httpHandler(api.updateUnsubscribeLink, async ({ query, body }) => updateFromUnsubscribeLink(query.token, body));
