import { httpHandler } from '../../core/http';
import { listMyListings } from '../../domain/listings';

export const handler = httpHandler('listMyListings', ({ params }) => listMyListings(params.userId));
