import { buildPath, routeById, type RouteId } from '../../shared/api/routes';

export interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Sent as is instead of `body` (non-JSON, oversize, form-encoded). */
  rawBody?: string;
  contentType?: string;
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
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const payload = request.rawBody ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (payload !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const response = await fetch(`${apiUrl}${buildPath(route.path, request.params)}${search ? `?${search}` : ''}`, {
    method: route.method,
    headers,
    body: payload,
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, body: body as T };
}

const profileSaves: ReadonlySet<RouteId> = new Set(['updatePersonalInfo', 'updateBrokerInfo', 'updateSubscriptions']);

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
