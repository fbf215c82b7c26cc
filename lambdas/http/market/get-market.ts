import * as api from '../../../shared/api/contract';
import { httpHandler } from '../../core/http';
import { marketOverview } from '../../domain/market';

export const handler = httpHandler(api.getMarket, async ({ query }) => marketOverview(query));
