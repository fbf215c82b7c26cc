import { buildPath, routeById } from '../../shared/api/routes';
import { listingsRepository } from '../../lambdas/data/listings';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { getOk, openLatencyClient } from './http';
import { round, timeInterleaved, type LatencySummary } from './measure';
import { LISTING_FILTER } from './seed';

const PAGE = 25;

export interface ApiContext {
  apiUrl: string;
  token: string;
  myUserId: string;
  /** A published listing of another broker (detail). */
  listingId: string;
}

export interface EndpointResult {
  endpoint: string;
  /**
   * Through the local gateway: HTTP, JWT check, the handler's whole pipeline, timed to the last byte of
   * the body, as load tools time a request (openLatencyClient; the body is parsed and its rows checked
   * before timing).
   */
  gateway: LatencySummary;
  /**
   * The one SDK call that fetches the page, through the repository function the handler uses. It is also
   * every read the handler makes on a warm function: the caller's status and the owner's contact card are
   * remembered (lambdas/core/recent-callers.ts, usersRepository.getForContactCard).
   */
  bare: LatencySummary;
}

interface Endpoint {
  name: string;
  path: string;
  bare: () => Promise<unknown>;
  /** How many rows the page holds, checked on both paths before timing. */
  rows?: (body: unknown) => number;
}

const query = (params: Record<string, string | number>) => `?${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]))}`;
const itemCount = (body: unknown) => ((body as { items?: unknown[] }).items ?? []).length;

function endpoints(ctx: ApiContext): Endpoint[] {
  const listings = (filter: typeof LISTING_FILTER | Record<string, never>) => () => listingsRepository.pagePublished(filter, PAGE);
  const requirements = () => requirementsRepository.pageSent({}, PAGE);
  const detail = () => listingsRepository.get(ctx.listingId);
  const mine = async () => ({ items: await listingsRepository.allByOwner(ctx.myUserId) });
  return [
    { name: 'listings list (all)', path: buildPath(routeById.listListings.path) + query({ limit: PAGE }), bare: listings({}), rows: itemCount },
    {
      name: 'listings list (filtered)',
      path: buildPath(routeById.listListings.path) + query({ limit: PAGE, ...LISTING_FILTER }),
      bare: listings(LISTING_FILTER),
      rows: itemCount,
    },
    { name: 'listing detail', path: buildPath(routeById.getListing.path, { listingId: ctx.listingId }), bare: detail },
    { name: 'requirements list', path: buildPath(routeById.listRequirements.path) + query({ limit: PAGE }), bare: requirements, rows: itemCount },
    { name: 'my listings', path: buildPath(routeById.listMyListings.path, { userId: ctx.myUserId }), bare: mine, rows: itemCount },
  ];
}

/**
 * Each endpoint through the local gateway against the one SDK call that fetches the same page from the
 * same emulator, measured interleaved call by call.
 */
export async function measureApi(ctx: ApiContext, samples: number): Promise<EndpointResult[]> {
  const results: EndpointResult[] = [];
  const client = await openLatencyClient(ctx.apiUrl);
  try {
    for (const endpoint of endpoints(ctx)) results.push(await measureEndpoint(ctx, endpoint, () => client.getOk(endpoint.path, ctx.token), samples));
  } finally {
    client.close();
  }
  return results;
}

async function measureEndpoint(ctx: ApiContext, endpoint: Endpoint, viaGateway: () => Promise<void>, samples: number): Promise<EndpointResult> {
  if (endpoint.rows) {
    const [http, bare] = [endpoint.rows(await getOk(ctx.apiUrl, endpoint.path, ctx.token)), endpoint.rows(await endpoint.bare())];
    if (http !== bare || http === 0) throw new Error(`${endpoint.name}: gateway answered ${http} rows, the bare query ${bare}`);
  }
  const [gateway, bare] = await timeInterleaved([viaGateway, endpoint.bare], samples);
  return { endpoint: endpoint.name, gateway: gateway!, bare: bare! };
}

export const p50Ratio = (a: LatencySummary, b: LatencySummary) => round(a.p50 / b.p50, 2);
