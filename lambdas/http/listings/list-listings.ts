import { httpHandler } from '../../core/http';
import { listListings } from '../../domain/listings';

export const handler = httpHandler('listListings', ({ query }) => listListings(query));
