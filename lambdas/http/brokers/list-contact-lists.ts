import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listContactLists } from '../../domain/contact-lists';

export const handler = httpHandler(api.listContactLists, async ({ principal }) => listContactLists(principal));
