import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { listMyListings } from '../../domain/listings';

export const handler = httpHandler(api.listMyListings, ({ params }) => listMyListings(params.userId));
