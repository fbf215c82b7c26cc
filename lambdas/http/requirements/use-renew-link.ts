import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { useRenewLink } from '../../domain/renew';

export const handler = httpHandler(api.useRenewLink, async ({ query }) => useRenewLink(query.token));
