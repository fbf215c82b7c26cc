import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listListings } from '../../domain/listings';

export const handler = httpHandler(api.listListings, ({ query }) => listListings(query));
