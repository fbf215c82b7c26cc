import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { createSavedSearch } from '../../domain/saved-searches';

export const handler = httpHandler(api.createSavedSearch, async ({ principal, body }) => createSavedSearch(principal, body), { successStatus: 201 });
