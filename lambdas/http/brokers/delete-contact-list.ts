import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { deleteContactList } from '../../domain/contact-lists';

export const handler = httpHandler(api.deleteContactList, async ({ principal, params }) => {
  await deleteContactList(principal, params.listId);
  return { ok: true as const };
});
