import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { deleteSavedSearch } from '../../domain/saved-searches';

export const handler = httpHandler(api.deleteSavedSearch, async ({ principal, params }) => {
  await deleteSavedSearch(principal, params.savedSearchId);
  return { ok: true as const };
});
