import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateContactList } from '../../domain/contact-lists';

export const handler = httpHandler(api.updateContactList, async ({ principal, params, body }) => ({ list: await updateContactList(principal, params.listId, body) }));
