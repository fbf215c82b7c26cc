import { contract, type RequestBody, type RequestParams, type RequestQuery, type ResponseBody } from '@shared/api/contract';
import { buildPath, routeById, type RouteId } from '@shared/api/routes';
import { errorResponse } from '@shared/api/schemas/common';
import { runtimeConfig } from '@/config/runtime-config';
import { ApiError, fetchFailure, invalidResponseMessage, notAuthenticatedMessage } from './api-error';
import { loadAuth } from './amplify';

export { ApiError, isApiError, type ApiErrorCode } from './api-error';

/** Spec 01 §9: product API 10 s; asset (image) calls 100 s. */
export const API_TIMEOUT_MS = 10_000;
export const UPLOAD_TIMEOUT_MS = 100_000;

/** A part of the request is optional exactly when the route's schema accepts an empty object. */
type Part<Name extends string, T> = object extends T ? { [P in Name]?: T } : { [P in Name]: T };

export type ApiOptions<K extends RouteId> = Part<'params', RequestParams<K>> &
  Part<'query', RequestQuery<K>> &
  Part<'body', RequestBody<K>> & { signal?: AbortSignal };

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

/** Reads a non-2xx answer as the server's `{ message, fieldErrors }`, or a generic message. */
export async function httpFailure(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = errorResponse.safeParse(body);
  if (parsed.success) {
    return new ApiError('HttpError', response.status, parsed.data.message, parsed.data.fieldErrors, parsed.data.requestId);
  }
  return new ApiError('HttpError', response.status, `Request failed (HTTP ${response.status})`);
}

/**
 * Calls one route of the product API by its id in shared/api/routes.ts. Path, method and types come
 * from the route table and the contract; the answer is parsed with the route's response schema.
 * Protected routes carry the ID token as a Bearer token. Every failure is an ApiError.
 *
 *   const { user } = await api('getUserByCognitoId', { params: { cognitoId } });
 */
export async function api<K extends RouteId>(id: K, ...[options]: ApiArgs<K>): Promise<ResponseBody<K>> {
  const route = routeById[id];
  const { params, query, body, signal } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
  };

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (route.auth !== 'public') {
    const token = await idToken();
    if (!token) throw new ApiError('NotAuthenticated', 401, notAuthenticatedMessage);
    headers.Authorization = `Bearer ${token}`;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';

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
  const json: unknown = response.status === 204 ? {} : await response.json().catch(() => undefined);
  const parsed = contract[id].response.safeParse(json);
  if (!parsed.success) throw new ApiError('InvalidResponse', response.status, invalidResponseMessage);
  return parsed.data as ResponseBody<K>;
}
