import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { unsubscribeWithToken } from '../../domain/unsubscribe';

/**
 * RFC 8058: mail clients POST `List-Unsubscribe=One-Click` (form-encoded) to the link in the header; the
 * body carries nothing we need, the signed token in the query names the address. The site's
 * /unsubscribe?token=… page posts the same token here.
 */
export const handler = httpHandler(api.unsubscribeOneClick, async ({ query }) => unsubscribeWithToken(query.token));
