import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { updateSavedSearch } from '../../domain/saved-searches';

export const handler = httpHandler(api.updateSavedSearch, async ({ principal, params, body }) => updateSavedSearch(principal, params.savedSearchId, body));
