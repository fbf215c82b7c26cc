import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { requestUnsubscribeLink } from '../../domain/unsubscribe';

/** The form: mails the address a signed link; limited per address and per client (the caller's source IP). */
export const handler = httpHandler(api.unsubscribe, async ({ body, event }) =>
  requestUnsubscribeLink(body.email, event.requestContext.http.sourceIp),
);
