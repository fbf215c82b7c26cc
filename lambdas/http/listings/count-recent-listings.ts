import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { countRecentListings } from '../../domain/listings';

export const handler = httpHandler(api.countRecentListings, () => countRecentListings());
