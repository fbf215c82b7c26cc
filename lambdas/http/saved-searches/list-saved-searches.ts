import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listSavedSearches } from '../../domain/saved-searches';

export const handler = httpHandler(api.listSavedSearches, async ({ principal }) => listSavedSearches(principal));
