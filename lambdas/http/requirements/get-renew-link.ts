import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { readRenewLink } from '../../domain/renew';

/** The renew page's first read: what the link renews, or why it cannot; it changes nothing. */
export const handler = httpHandler(api.getRenewLink, async ({ query }) => readRenewLink(query.token));
