import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { createContactList } from '../../domain/contact-lists';

export const handler = httpHandler(api.createContactList, async ({ principal, body }) => ({ list: await createContactList(principal, body) }), {
  successStatus: 201,
});
