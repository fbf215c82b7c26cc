import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { readUnsubscribeLink } from '../../domain/unsubscribe';

/** The signed link's page reads what the mail came from and the current subscriptions; it changes nothing. */
export const handler = httpHandler(api.getUnsubscribeLink, async ({ query }) => readUnsubscribeLink(query.token));
