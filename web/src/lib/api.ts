import type { RequestBody, RequestParams, RequestQuery, ResponseBody } from '@shared/api/contract';
import type { ErrorResponse } from '@shared/api/schemas/common';
import { actingForHeader, buildPath, routeById, type RouteId } from '@shared/api/routes';
import { runtimeConfig } from '@/config/runtime-config';
import { ApiError, fetchFailure, invalidResponseMessage, notAuthenticatedMessage } from './api-error';
import { loadAuth } from './amplify';
import { actingFor } from './acting-for';

export { ApiError, isApiError, isVersionConflict, type ApiErrorCode } from './api-error';

/** Spec 01 §9: product API 10 s; asset (image) calls 100 s. */
export const API_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 100_000;

/** A part of the request is optional exactly when the route's schema accepts an empty object. */
type Part<Name extends string, T> = object extends T ? { [P in Name]?: T } : { [P in Name]: T };

export type ApiOptions<K extends RouteId> = Part<'params', RequestParams<K>> &
  Part<'query', RequestQuery<K>> &
  Part<'body', RequestBody<K>> & {
    signal?: AbortSignal;
    /** One per user action, the same on its retries: the server answers a repeat with the first result. */
    idempotencyKey?: string;
  };

type ApiArgs<K extends RouteId> = object extends ApiOptions<K> ? [options?: ApiOptions<K>] : [options: ApiOptions<K>];

/** The Cognito ID token of the signed-in user (the API's JWT authorizer expects the ID token). */
export async function idToken(): Promise<string | undefined> {
  const { fetchAuthSession } = await loadAuth();
  const session = await fetchAuthSession();
  return session.tokens?.idToken?.toString();
}

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function timeoutFor(id: RouteId): number {
  return routeById[id].entry.startsWith('lambdas/http/images/') ? UPLOAD_TIMEOUT_MS : API_TIMEOUT_MS;
}

/** Combines the per-call timeout with the caller's signal (react-query cancels stale queries). */
export function requestSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([timeout, signal]) : timeout;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The server's error body `{ message, fieldErrors?, requestId? }` (shared/api/schemas/common), checked without zod. */
function isErrorResponse(body: unknown): body is ErrorResponse {
  if (!isRecord(body) || typeof body.message !== 'string') return false;
  if (body.requestId !== undefined && typeof body.requestId !== 'string') return false;
  if (body.currentVersion !== undefined && typeof body.currentVersion !== 'number') return false;
  const { fieldErrors } = body;
  if (fieldErrors === undefined) return true;
  return (
    isRecord(fieldErrors) &&
    Object.values(fieldErrors).every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'))
  );
}

/** Reads a non-2xx answer as the server's `{ message, fieldErrors }`, or a generic message. */
export async function httpFailure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  if (isErrorResponse(body)) {
    return new ApiError('HttpError', response.status, body.message, body.fieldErrors, body.requestId, body.currentVersion);
  }
  return new ApiError('HttpError', response.status, `Request failed (HTTP ${response.status})`);
}

/**
 * Calls one route of the product API by its id in shared/api/routes.ts. Path and method come from the
 * route table, the types from the contract (type-only: this module loads no zod). The answer is not
 * parsed again here: the handler already validated it against the route's response schema before
 * sending it (lambdas/core/http.ts), so the browser trusts the typed answer (docs/DECISIONS.md, Web).
 * Protected routes carry the ID token as a Bearer token. Every failure is an ApiError.
 *
 *   const { user } = await api('getUserByCognitoId', { params: { cognitoId } });
 */
export async function api<K extends RouteId>(id: K, ...[options]: ApiArgs<K>): Promise<ResponseBody<K>> {
  const route = routeById[id];
  const { params, query, body, signal, idempotencyKey } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
    idempotencyKey?: string;
  };

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (route.auth !== 'public') {
    const token = await idToken();
    if (!token) throw new ApiError('NotAuthenticated', 401, notAuthenticatedMessage);
    headers.Authorization = `Bearer ${token}`;
  }
  const acting = route.delegable ? actingFor() : null;
  if (acting) headers[actingForHeader] = acting.brokerId;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;

  const url = `${runtimeConfig().apiUrl}${buildPath(route.path, params)}${queryString(query)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: requestSignal(timeoutFor(id), signal),
    });
  } catch (error) {
    throw fetchFailure(error);
  }

  if (!response.ok) throw await httpFailure(response);
  if (response.status === 204) return {} as ResponseBody<K>;
  // A 2xx that is not a JSON object did not come from a handler (e.g. a proxy's HTML page).
  const json: unknown = await response.json().catch(() => undefined);
  if (!isRecord(json)) throw new ApiError('InvalidResponse', response.status, invalidResponseMessage);
  return json as ResponseBody<K>;
}
