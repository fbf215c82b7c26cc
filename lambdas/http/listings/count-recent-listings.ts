import { httpHandler } from '../../core/http';
import { countRecentListings } from '../../domain/listings';

export const handler = httpHandler('countRecentListings', () => countRecentListings());
