import { keepPreviousData } from '@tanstack/react-query';
import type { RequestQuery } from '@shared/api/contract';
import { apiQuery } from '@/lib/query';

export type MarketFilters = RequestQuery<'getMarket'>;

/** The Market page's figures for one area, property type and deal type; the last answer stays while the next loads. */
export const marketQuery = (filters: MarketFilters) => ({ ...apiQuery('getMarket', { query: filters }), placeholderData: keepPreviousData });
