import { request as httpRequest } from 'node:http';
import { buildPath, routeById, type RouteId } from '../../shared/api/routes';

/** fetch cannot choose its source address; node:http can. */
function sendFrom(localAddress: string, url: string, method: string, headers: Record<string, string>, payload?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method, headers, localAddress, family: 4 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

export interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Sent as is instead of `body` (non-JSON, oversize, form-encoded). */
  rawBody?: string;
  contentType?: string;
  /**
   * The loopback address the call comes from (127.0.0.2, 127.0.0.3, …): a client of its own for limits
   * kept per source IP.
   */
  clientAddress?: string;
  /** More request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface RouteAnswer<T = Record<string, unknown>> {
  status: number;
  /** The JSON answer; `{ text }` when the answer was not JSON. */
  body: T;
}

/** Calls a route of a running gateway by id, as the web client does (Bearer ID token, JSON). */
export async function callRoute<T = Record<string, unknown>>(
  apiUrl: string,
  token: string | null,
  id: RouteId,
  request: RouteRequest = {},
): Promise<RouteAnswer<T>> {
  const route = routeById[id];
  const search = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (payload !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const url = `${apiUrl}${buildPath(route.path, request.params)}${search ? `?${search}` : ''}`;
  const response = request.clientAddress
    ? await sendFrom(request.clientAddress, url, route.method, headers, payload)
    : await fetch(url, { method: route.method, headers, body: payload }).then(async (r) => ({ status: r.status, text: await r.text() }));
  const text = response.text;
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body: body as T };
}

const profileSaves: ReadonlySet<RouteId> = new Set(['updatePersonalInfo', 'updateBrokerInfo', 'updateSubscriptions', 'updateDirectoryPrivacy', 'updateNotificationPreferences']);

/**
 * callRoute as the web app saves a profile: a profile save without a `version` is sent with the version
 * the account has now (read first), as the app does with the one it holds. Tests about other rules use it;
 * the version rule itself is tested with explicit versions.
 */
export async function callWithProfileVersion<T = Record<string, unknown>>(
  apiUrl: string,
  token: string | null,
  id: RouteId,
  request: RouteRequest = {},
): Promise<RouteAnswer<T>> {
  const body = request.body as Record<string, unknown> | undefined;
  if (!profileSaves.has(id) || !body || typeof body !== 'object' || 'version' in body || !request.params?.userId) {
    return callRoute<T>(apiUrl, token, id, request);
  }
  const current = await callRoute<{ user?: { version: number } }>(apiUrl, token, 'getUserByCognitoId', { params: { cognitoId: request.params.userId } });
  return callRoute<T>(apiUrl, token, id, { ...request, body: { ...body, version: current.body.user?.version ?? 0 } });
}
