import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import type {
  APIGatewayProxyEventV2WithJWTAuthorizer,
  APIGatewayProxyResultV2,
  Context,
} from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { RouteDef } from '../../shared/api/routes';
import { close, listen, localUrl } from './net';

export interface GatewayOptions {
  readonly port: number;
  readonly routes: readonly RouteDef[];
  /** Token checks of the JWT authorizer: issuer (`<cognito url>/<pool id>`) and audience (app client id). */
  readonly issuer: string;
  readonly audience: string;
  /** The only origin CORS allows (the site). */
  readonly webOrigin: string;
  /** Absolute folder the routes' `entry` paths are relative to. */
  readonly root: string;
  readonly quiet: boolean;
  /** Awaited before each request's handler runs (tests: the stream's projections caught up). */
  readonly beforeRequest?: () => Promise<void>;
}

export interface Gateway {
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<APIGatewayProxyResultV2>;

const MAX_BODY_BYTES = 1024 * 1024;
const CORS_ALLOW_HEADERS = 'authorization,content-type,idempotency-key,x-acting-for';
const CORS_ALLOW_METHODS = 'GET,POST,PUT,DELETE,OPTIONS';

/**
 * The API Gateway HTTP API of the cloud, in this process: the same route table, a JWT authorizer on every
 * non-public route (401 `{"message":"Unauthorized"}`), CORS for the site, a payload-2.0 event for the
 * route's handler module (imported on first use), and its structured result written back.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const matchers = routeMatchers(options.routes);
  const verifyBearer = bearerVerifier(options);
  const handlers = new Map<string, Promise<Handler>>();
  const loadHandler = (entry: string): Promise<Handler> => {
    let handler = handlers.get(entry);
    if (!handler) {
      handler = importHandler(options.root, entry);
      // A module that fails to load (not written yet, syntax error) is tried again on the next request.
      handler.catch(() => handlers.delete(entry));
      handlers.set(entry, handler);
    }
    return handler;
  };

  // Requests still running when the stack stops; their handlers would otherwise reach emulators that are gone.
  const inFlight = new Set<Promise<void>>();
  const server = createServer((req, res) => {
    const started = Date.now();
    const handling = serve(req, res)
      .catch((error: unknown) => {
        console.error(`[gateway] ${req.method} ${req.url}:`, error);
        if (!res.headersSent) writeJson(res, 500, { message: 'Internal Server Error' });
      })
      .finally(() => {
        inFlight.delete(handling);
        if (!options.quiet) console.log(`[gateway] ${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`);
      });
    inFlight.add(handling);
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = req.headers.origin;
    if (origin === options.webOrigin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    const method = req.method ?? 'GET';
    const url = splitTarget(req.url ?? '/');
    if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
      if (origin === options.webOrigin) {
        res.setHeader('Access-Control-Allow-Methods', CORS_ALLOW_METHODS);
        res.setHeader('Access-Control-Allow-Headers', CORS_ALLOW_HEADERS);
        res.setHeader('Access-Control-Max-Age', '600');
      }
      res.writeHead(204).end();
      return;
    }
    const match = matchRoute(matchers, method, url.pathname);
    if (!match) return writeJson(res, 404, { message: 'Not Found' });
    if (match === 'malformed') return writeJson(res, 400, { message: 'Bad Request' });

    let claims: Record<string, string> | undefined;
    if (match.route.auth !== 'public') {
      claims = await verifyBearer(req.headers.authorization);
      if (!claims) return writeJson(res, 401, { message: 'Unauthorized' });
    }
    // A request without a body (every GET) is complete with its headers: nothing to wait for.
    const body = hasBody(req) ? await readBody(req) : '';
    if (body === undefined) return writeJson(res, 413, { message: 'Request body is too large' });

    const event = buildEvent(req, url, match, body, claims);
    await options.beforeRequest?.();
    const handler = await loadHandler(match.route.entry);
    const result = await handler(event, lambdaContext(match.route, event.requestContext.requestId));
    writeResult(res, result);
  }

  const port = await listen(server, options.port, 'API gateway');
  const stop = async () => {
    await close(server);
    await Promise.allSettled(inFlight);
  };
  return { url: localUrl(port), port, stop };
}

async function importHandler(root: string, entry: string): Promise<Handler> {
  const module = (await import(pathToFileURL(`${root}/${entry}`).href)) as { handler?: unknown };
  if (typeof module.handler !== 'function') throw new Error(`${entry} does not export a handler function`);
  return module.handler as Handler;
}

/** The request target's path and query string (without "?"), as API Gateway's rawPath and rawQueryString. */
interface Target {
  readonly pathname: string;
  readonly search: string;
}

function splitTarget(target: string): Target {
  const mark = target.indexOf('?');
  return mark < 0 ? { pathname: target, search: '' } : { pathname: target.slice(0, mark), search: target.slice(mark + 1) };
}

interface RouteMatcher {
  readonly route: RouteDef;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** API Gateway prefers the route with more literal segments: `/listings/recent-published-count` over `/listings/{x}`. */
  readonly literals: number;
}

interface RouteMatch {
  readonly route: RouteDef;
  readonly pathParameters: Record<string, string>;
}

function compileRoute(route: RouteDef): RouteMatcher {
  const names: string[] = [];
  let literals = 0;
  const source = route.path
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param?.[1]) {
        names.push(param[1]);
        return '([^/]+)';
      }
      if (segment) literals += 1;
      return segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), names, literals };
}

/** The routes' matchers by method. */
function routeMatchers(routes: readonly RouteDef[]): ReadonlyMap<string, readonly RouteMatcher[]> {
  const byMethod = new Map<string, RouteMatcher[]>();
  for (const route of routes) {
    const list = byMethod.get(route.method) ?? [];
    list.push(compileRoute(route));
    byMethod.set(route.method, list);
  }
  return byMethod;
}

function matchRoute(matchers: ReadonlyMap<string, readonly RouteMatcher[]>, method: string, path: string): RouteMatch | 'malformed' | undefined {
  let best: { matcher: RouteMatcher; values: string[] } | undefined;
  for (const matcher of matchers.get(method) ?? []) {
    const found = matcher.pattern.exec(path);
    if (found && (!best || matcher.literals > best.matcher.literals)) best = { matcher, values: found.slice(1) };
  }
  if (!best) return undefined;
  const { matcher, values } = best;
  try {
    return {
      route: matcher.route,
      pathParameters: Object.fromEntries(matcher.names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')])),
    };
  } catch (error) {
    // A malformed %-escape (`%ZZ`, a cut UTF-8 sequence): API Gateway answers 400 before any function runs.
    if (error instanceof URIError) return 'malformed';
    throw error;
  }
}

const MAX_VERIFIED_TOKENS = 1_000;

/**
 * The checks of the HTTP API JWT authorizer for a Cognito ID token: signature, issuer, audience, expiry.
 * A token that passed is remembered until it expires: the answer can't change before then, and checking
 * it again on every call would add the cost of API Gateway's managed authorizer (not ours in the cloud)
 * to every measured request (test/bench).
 */
function bearerVerifier(options: Pick<GatewayOptions, 'issuer' | 'audience'>) {
  const jwks = createRemoteJWKSet(new URL(`${options.issuer}/.well-known/jwks.json`));
  const verified = new Map<string, { claims: Record<string, string>; expiresAt: number }>();
  return async (authorization: string | undefined): Promise<Record<string, string> | undefined> => {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.claims;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer, audience: options.audience });
      if (payload.token_use !== 'id') return undefined;
      const claims = claimsAsApiGatewayPassesThem(payload);
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, { claims, expiresAt: (payload.exp ?? 0) * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  };
}

/** API Gateway hands the handler every claim as a string; arrays become "[a b]" (e.g. cognito:groups). */
function claimsAsApiGatewayPassesThem(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [
      name,
      Array.isArray(value) ? `[${value.join(' ')}]` : typeof value === 'object' ? JSON.stringify(value) : String(value),
    ]),
  );
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0';

/** The body as text, or undefined when it is over the gateway's limit. */
function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function buildEvent(
  req: IncomingMessage,
  url: Target,
  match: RouteMatch,
  body: string,
  claims: Record<string, string> | undefined,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const now = new Date();
  const method = req.method ?? 'GET';
  const routeKey = `${match.route.method} ${match.route.path}`;
  const requestContext: APIGatewayProxyEventV2WithJWTAuthorizer['requestContext'] = {
    accountId: 'local',
    apiId: 'local',
    domainName: req.headers.host ?? 'localhost',
    domainPrefix: 'localhost',
    http: {
      method,
      path: url.pathname,
      protocol: `HTTP/${req.httpVersion}`,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: req.headers['user-agent'] ?? '',
    },
    requestId: randomUUID(),
    routeKey,
    stage: '$default',
    time: now.toISOString(),
    timeEpoch: now.getTime(),
  } as APIGatewayProxyEventV2WithJWTAuthorizer['requestContext'];
  // Public routes have no authorizer in the cloud either. An ID token carries no scopes: API Gateway passes null.
  if (claims) requestContext.authorizer = { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null as unknown as string[] } };
  const event = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search,
    headers,
    isBase64Encoded: false,
    requestContext,
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
  // Absent parts are left out, as API Gateway leaves them out (assigned, not spread: spreads made every
  // event a slow dictionary object).
  const cookies = req.headers.cookie?.split(/;\s*/).filter(Boolean);
  if (cookies?.length) event.cookies = cookies;
  if (url.search) {
    const query: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(url.search)) query[name] = name in query ? `${query[name]},${value}` : value;
    event.queryStringParameters = query;
  }
  if (Object.keys(match.pathParameters).length) event.pathParameters = match.pathParameters;
  if (body) event.body = body;
  return event;
}

function lambdaContext(route: RouteDef, requestId: string): Context {
  const deadline = Date.now() + 29_000;
  const fail = () => {
    throw new Error('callback-style Lambda completion is not supported');
  };
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName: `bisn-local-${route.id}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:bisn-local-${route.id}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/bisn-local-${route.id}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: fail,
    fail,
    succeed: fail,
  };
}

/** Payload 2.0 rules: a structured result is used as is; anything else is a 200 JSON body. */
function writeResult(res: ServerResponse, result: APIGatewayProxyResultV2): void {
  if (typeof result !== 'object' || result === null || !('statusCode' in result)) {
    res.setHeader('content-type', 'application/json');
    return send(res, 200, typeof result === 'string' ? result : JSON.stringify(result ?? null));
  }
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    // CORS is the gateway's job, as with API Gateway's CORS configuration.
    if (!name.toLowerCase().startsWith('access-control-')) res.setHeader(name, String(value));
  }
  if (result.cookies?.length) res.setHeader('set-cookie', result.cookies);
  send(res, result.statusCode ?? 200, result.body !== undefined && result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
}

function writeJson(res: ServerResponse, status: number, body: unknown): void {
  res.setHeader('content-type', 'application/json');
  send(res, status, JSON.stringify(body));
}

/**
 * Every answer carries a Content-Length, as API Gateway's do (writeHead alone would commit to a chunked
 * body), and nosniff, as the site's answers do (the handlers set it on theirs; this covers the gateway's own).
 */
function send(res: ServerResponse, status: number, body: string | Buffer | undefined): void {
  res.setHeader('content-length', body === undefined ? 0 : Buffer.byteLength(body));
  res.setHeader('x-content-type-options', 'nosniff');
  res.writeHead(status);
  res.end(body);
}
