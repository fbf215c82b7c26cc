import { isDeepStrictEqual } from 'node:util';
import middy from '@middy/core';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyStructuredResultV2,
  Context,
} from 'aws-lambda';
import * as z from '../../shared/zod';
import type { Contract, Endpoint } from '../../shared/api/contract';
import type { RouteDef, RouteId, routeById } from '../../shared/api/routes';
import type { UserStatus } from '../../shared/api';
import type { UserRecord } from '../data/users';
import { usersRepository } from '../data/users';
import { InvalidCursorError } from '../data/table';
import { env } from './env';
import { deletedMessage, disabledMessage, forbidden, HttpError, noRecordMessage, notApprovedMessage, unauthorized } from './errors';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { idempotencyKeyHeader, oncePerKey } from './idempotency';
import { logger } from './logger';
import { flushMetrics } from './metrics';
import { principalFrom, type Principal } from './principal';
import { actAsBroker } from './acting';
import { actingForHeader } from '../../shared/api/routes';
import { recentCallers } from './recent-callers';
import { signCursor, verifiedCursor, type CursorScope } from './cursors';
import { idParam } from '../../shared/api/schemas/common';

export type Event = APIGatewayProxyEventV2WithJWTAuthorizer;
export type Result = APIGatewayProxyStructuredResultV2;

export interface HttpRequest<K extends RouteId> {
  readonly params: z.infer<Contract[K]['params']>;
  readonly query: z.infer<Contract[K]['query']>;
  readonly body: z.infer<Contract[K]['body']>;
  /** Null only on public routes called without a token. */
  readonly principal: K extends PublicRouteId ? Principal | null : Principal;
  /**
   * The caller's own record, already checked for the route's auth level. Null on a read-only (GET) `user` or
   * `approved` route unless its handler sets `usesCurrentUser`.
   */
  readonly currentUser: K extends PublicRouteId ? null : UserRecord | null;
  /** The caller's account is approved (or an operator's): it may see other brokers' contact details. */
  readonly callerApproved: boolean;
  readonly requestId: string;
  readonly event: Event;
}

type PublicRouteId = Extract<(typeof routeById)[RouteId], { auth: 'public' }>['id'];

export interface HandlerOptions {
  /** Status of a successful answer (default 200). */
  successStatus?: number;
  /** The handler reads `currentUser`, so it is loaded fresh on every call (never skipped, see authorize). */
  usesCurrentUser?: boolean;
  /** The handler creates the caller's missing record (sign-up's repair), so a caller without one is let in. */
  repairsRecord?: boolean;
  /** A repeated Idempotency-Key of the same caller answers the first result (lambdas/core/idempotency.ts). */
  idempotent?: boolean;
}

/** nosniff as on the site's answers: a browser never reads an API answer as anything but JSON. */
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };
const MAX_BODY_BYTES = 1024 * 1024;

export function json(statusCode: number, body: unknown): Result {
  return { statusCode, headers: JSON_HEADERS, body: JSON.stringify(body) };
}

/** zod issues → `{ field: [messages] }` keyed by the dotted path (`markets`, `highlights.2`). */
export function fieldErrorsOf(error: z.core.$ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

function parse<T extends z.ZodMiniType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    const first = result.error.issues[0]?.message ?? `Invalid ${what}`;
    throw new HttpError(400, first, fieldErrors);
  }
  return result.data;
}

function readBody(event: Event): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new HttpError(413, 'Request body is too large');
  const type = event.headers?.['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Request body must be valid JSON');
  }
}

/** What the browser would receive: JSON's view of a value (no undefined properties, dates as strings). */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

/**
 * A handler's answer is sent as it is. Where tests run (the local stack sets CHECK_RESPONSES) it must
 * also already be exactly what the route's response schema makes of it: valid, with no property the
 * schema would strip and nothing it would default or transform. So the deployed function, which skips
 * the check (it cost a tenth of a millisecond per list page), sends the very bytes the tests checked.
 */
function checkedResponse(schema: z.ZodMiniType, output: unknown, routeId: RouteId): unknown {
  if (!env().CHECK_RESPONSES) return output;
  const parsed = schema.parse(output);
  if (!isDeepStrictEqual(asJson(parsed), asJson(output))) {
    throw new Error(`${routeId}: the response is not what its schema makes of it: ${JSON.stringify(output).slice(0, 500)}`);
  }
  return output;
}

interface Authorized {
  /** The caller's record when it was read (see `authorize`). */
  readonly user: UserRecord | null;
  /** An approved (active) account or an operator: may see other brokers' contact details. */
  readonly approved: boolean;
}

/**
 * Decides the route's auth level from the token and the user record; never from anything else the browser
 * sends. A read-only route open to every signed-in account that doesn't use the record skips the read when
 * this function saw the caller's status moments ago (lambdas/core/recent-callers.ts). A deleted account is
 * refused everything; a token whose account has no record only reaches the routes that repair it.
 */
async function authorize(route: RouteDef, principal: Principal | null, options: HandlerOptions): Promise<Authorized> {
  if (route.auth === 'public') return { user: null, approved: false };
  if (!principal) throw unauthorized();
  if (route.auth === 'operator' && !principal.isOperator) throw forbidden('Only operators can do this.');
  const approvedOr = (status: UserStatus | undefined) => principal.isOperator || status === 'active';
  if (route.method === 'GET' && (route.auth === 'user' || route.auth === 'approved') && !options.usesCurrentUser) {
    const cached = recentCallers.get(principal.sub);
    // An approval-level read trusts only a remembered approval; any other status is read again.
    if (cached && (route.auth === 'user' || approvedOr(cached))) return { user: null, approved: approvedOr(cached) };
  }
  // A disabled account's ID token stays valid until it expires: the record refuses it, operators included.
  const user = await usersRepository.get(principal.sub);
  if (user?.status === 'disabled' || user?.status === 'deleted') {
    recentCallers.delete(principal.sub);
    throw forbidden(user.status === 'disabled' ? disabledMessage : deletedMessage);
  }
  if (!user && !options.repairsRecord) throw forbidden(noRecordMessage);
  if (user) recentCallers.set(principal.sub, user.status);
  if (route.auth === 'approved' && user?.status !== 'active') throw forbidden(notApprovedMessage);
  return { user, approved: approvedOr(user?.status) };
}

/** Routes scoped to `self` act on the caller's own account only: the path id must be the token's subject. */
function checkSelfScope(route: RouteDef, params: Record<string, unknown>, principal: Principal | null): void {
  if (route.scope !== 'self') return;
  const target = params.userId ?? params.cognitoId;
  if (!principal || target !== principal.sub) throw forbidden('You can only access your own account.');
}

export const actingForInvalidMessage = 'The X-Acting-For header must be the id of the broker you work for.';

/**
 * A paged answer's cursor is signed for the route and caller it goes to; a cursor sent back must carry that
 * signature (lambdas/core/cursors.ts). Routes without paging pass through.
 */
async function withSignedCursor(output: unknown, scope: CursorScope): Promise<unknown> {
  const page = output as { nextCursor?: unknown } | null;
  if (typeof page?.nextCursor !== 'string') return output;
  return { ...page, nextCursor: await signCursor(page.nextCursor, scope) };
}

/**
 * The caller as the handler sees them: themselves, or, when a delegate names a broker in X-Acting-For,
 * that broker (lambdas/core/acting.ts), the route's scope and auth level then checked for the
 * broker. Public routes ignore the header as they ignore the token.
 */
async function authorizeCaller(
  route: RouteDef,
  caller: Principal | null,
  event: Event,
  params: Record<string, unknown>,
  options: HandlerOptions,
): Promise<Authorized & { principal: Principal | null }> {
  const actingFor = event.headers?.[actingForHeader];
  if (actingFor && route.auth !== 'public') {
    if (!caller) throw unauthorized();
    if (!idParam.safeParse(actingFor).success) throw new HttpError(400, actingForInvalidMessage);
    const { principal, broker } = await actAsBroker(route, caller, actingFor);
    checkSelfScope(route, params, principal);
    return { principal, user: broker, approved: true };
  }
  checkSelfScope(route, params, caller);
  return { principal: caller, ...(await authorize(route, caller, options)) };
}

/**
 * The one HTTP pipeline: parse with the route's zod schemas → authorize → domain function → JSON.
 * Errors map to 4xx `{ message, fieldErrors? }`; anything unexpected is a 500 with the request id only.
 *
 * Takes the route's own endpoint (`import { getListing } from 'shared/api/contract'`), not its id, so the
 * bundle carries that route's schemas and row of the route table and none of the others'.
 */
export function httpHandler<E extends Endpoint, K extends RouteId = E['route']['id']>(
  endpoint: E,
  fn: (request: HttpRequest<K>) => Promise<z.input<Contract[K]['response']>>,
  options: HandlerOptions = {},
) {
  env(); // cold start: fail fast on a misconfigured function
  const { route, ...schemas } = endpoint;
  const routeId = route.id;

  // No early-timeout timer: API Gateway answers a timed-out call itself, and the timer cost every request.
  return middy<Event, Result, Error, Context>({ timeoutEarlyInMillis: 0 })
    // Function name, request id and cold start on every log line of the invocation; keys reset after it.
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .handler(async (event, context) => {
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'local';
    logger.appendKeys({ requestId, route: routeId });
    const started = Date.now();
    try {
      const caller = principalFrom(event);
      const params = parse(schemas.params, event.pathParameters ?? {}, 'path');
      const query = parse(schemas.query, event.queryStringParameters ?? {}, 'query');
      const body = parse(schemas.body, readBody(event), 'body');
      const { principal, user: currentUser, approved: callerApproved } = await authorizeCaller(route, caller, event, params as Record<string, unknown>, options);
      const cursorScope: CursorScope = { route: routeId, sub: principal?.sub ?? '' };
      const paged = query as { cursor?: unknown };
      if (typeof paged.cursor === 'string') paged.cursor = await verifiedCursor(paged.cursor, cursorScope);
      const run = async () => withSignedCursor(await fn({ params, query, body, principal, currentUser, callerApproved, requestId, event } as HttpRequest<K>), cursorScope);
      const output = options.idempotent && principal
        ? await oncePerKey(event.headers?.[idempotencyKeyHeader], { route: routeId, sub: principal.sub }, context, run)
        : await run();
      const response = json(options.successStatus ?? 200, checkedResponse(schemas.response, output, routeId));
      logger.info('request', { status: response.statusCode, ms: Date.now() - started });
      return response;
    } catch (error) {
      if (error instanceof HttpError) {
        logger.info('refused', { status: error.statusCode, reason: error.message, ms: Date.now() - started });
        return json(error.statusCode, { message: error.message, fieldErrors: error.fieldErrors, currentVersion: error.currentVersion });
      }
      if (error instanceof InvalidCursorError) return json(400, { message: error.message });
      logger.error('unexpected error', { error: error as Error, ms: Date.now() - started });
      return json(500, { message: 'Something went wrong on our side. Please try again.', requestId });
    } finally {
      // What the invocation recorded, whatever its answer.
      flushMetrics();
    }
  });
}
