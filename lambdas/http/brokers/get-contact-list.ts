import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { getContactList } from '../../domain/contact-lists';

export const handler = httpHandler(api.getContactList, async ({ principal, params }) => getContactList(principal, params.listId));
