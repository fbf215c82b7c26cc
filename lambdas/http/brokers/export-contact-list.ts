import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { notFound } from '../../core/errors';
import { exportContactList } from '../../domain/contact-lists';

export const handler = httpHandler(api.exportContactList, async ({ principal, currentUser, params, body }) => {
  if (!currentUser) throw notFound('User not found');
  return exportContactList(principal, currentUser, params.listId, body.format);
});
