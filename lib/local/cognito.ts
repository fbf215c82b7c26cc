import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CognitoError, UnsupportedError } from 'cognito-local/lib/errors.js';
import { DefaultConfig } from 'cognito-local/lib/server/config.js';
import { Router as cognitoLocalRouter, type Router } from 'cognito-local/lib/server/Router.js';
import { DateClock } from 'cognito-local/lib/services/clock.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { LogService } from 'cognito-local/lib/services/LogService.js';
import type { Messages } from 'cognito-local/lib/services/messages.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { Triggers } from 'cognito-local/lib/services/triggers/triggers.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { approvedGroupName } from '../../shared/api/routes';
import { passwordPolicy } from '../../shared/api/schemas/auth';
import type { CodeMessage } from './code-mail';
import { withLocalExtras } from './cognito-extras';
import { signingKey } from './cognito-keys';
import { close, listen, localUrl } from './net';

export const OPERATORS_GROUP = 'operators';
const POOL_NAME = 'bisn-local';
const CLIENT_NAME = 'bisn-web';

export interface CognitoEmulator {
  /** Endpoint of the Cognito API, the token issuer domain and the JWKS host. */
  readonly url: string;
  readonly port: number;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  stop(): Promise<void>;
}

/**
 * cognito-local, assembled in this process from its library, behind a small HTTP front of ours: the
 * front serves the pool's JWKS and OpenID configuration, answers CORS for the browser, and routes API
 * calls through cognito-local's router extended with what it lacks (cognito-extras). Codes it would
 * print to its console go to `sendCode` instead. Its JSON files live under `directory`.
 */
export async function startCognito(options: {
  port: number;
  directory: string;
  sendCode: (message: CodeMessage) => Promise<void>;
  /** Told of every successful API call after it is answered (the local event bus turns admin calls into CloudTrail events). */
  onCall?: (target: string, request: unknown) => void;
}): Promise<CognitoEmulator> {
  const server = createServer();
  const port = await listen(server, options.port, 'Cognito (cognito-local)');
  const url = localUrl(port);
  try {
    const ctx: Context = { logger: emulatorLogger() };
    const router = withLocalExtras(...(await assemble(ctx, url, options.directory, options.sendCode)));
    const serialized = serialize();
    const { userPoolId, userPoolClientId } = await ensurePool((target, req) => router(target)(ctx, req));
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const call = async (target: string, body: unknown) => {
        const result = await serialized(() => router(target)(ctx, body));
        options.onCall?.(target, body);
        return result;
      };
      handle(req, res, url, call).catch((error: unknown) => {
        ctx.logger.error(error);
        if (!res.headersSent) sendJson(res, 500, { __type: 'InternalErrorException', message: 'Internal error' });
      });
    });
    return { url, port, userPoolId, userPoolClientId, stop: () => close(server) };
  } catch (error) {
    await close(server);
    throw error;
  }
}

/** The same pieces cognito-local's createDefaultServer wires, with our data directory, issuer and code delivery. */
async function assemble(
  ctx: Context,
  issuerDomain: string,
  directory: string,
  sendCode: (message: CodeMessage) => Promise<void>,
): Promise<[Router, Services]> {
  const clock = new DateClock();
  const dataDirectory = join(directory, 'db');
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const userPoolDefaults = { UsernameAttributes: ['email'] };
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, userPoolDefaults);
  const triggers = noTriggers();
  const messages: Messages = {
    async deliver(_ctx, source, _clientId, _userPoolId, _user, code, _clientMetadata, deliveryDetails) {
      if (deliveryDetails.DeliveryMedium !== 'EMAIL' || !deliveryDetails.Destination) return;
      await sendCode({ to: deliveryDetails.Destination, source, code });
    },
  };
  const services: Services = {
    clock,
    cognito,
    config: { ...DefaultConfig, UserPoolDefaults: userPoolDefaults, TokenConfig: { IssuerDomain: issuerDomain } },
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, { IssuerDomain: issuerDomain }),
    triggers,
  };
  return [cognitoLocalRouter(services), services];
}

/** The pool uses no Lambda triggers; this also keeps cognito-local's aws-sdk v2 Lambda client unloaded. */
function noTriggers(): Triggers {
  const none = () => Promise.reject(new UnsupportedError('Lambda triggers are not configured locally'));
  return {
    enabled: () => false,
    customMessage: none,
    customEmailSender: none,
    postAuthentication: none,
    postConfirmation: none,
    preSignUp: none,
    preTokenGeneration: none,
    userMigration: none,
  };
}

type Call = (target: string, req: object) => Promise<unknown>;

/** Finds the pool, its web client and the operators group by name, creating what is missing (ids survive restarts). */
async function ensurePool(call: Call): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const { UserPools } = (await call('ListUserPools', { MaxResults: 60 })) as { UserPools: { Id: string; Name?: string }[] };
  const userPoolId =
    UserPools.find((pool) => pool.Name === POOL_NAME)?.Id ??
    ((await call('CreateUserPool', {
      PoolName: POOL_NAME,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: {
          MinimumLength: passwordPolicy.minLength,
          RequireUppercase: passwordPolicy.requireUppercase,
          RequireLowercase: passwordPolicy.requireLowercase,
          RequireNumbers: passwordPolicy.requireDigits,
          RequireSymbols: passwordPolicy.requireSymbols,
        },
      },
    })) as { UserPool: { Id: string } }).UserPool.Id;

  const { UserPoolClients } = (await call('ListUserPoolClients', { UserPoolId: userPoolId, MaxResults: 60 })) as {
    UserPoolClients: { ClientId: string; ClientName?: string }[];
  };
  const userPoolClientId =
    UserPoolClients.find((client) => client.ClientName === CLIENT_NAME)?.ClientId ??
    ((await call('CreateUserPoolClient', {
      UserPoolId: userPoolId,
      ClientName: CLIENT_NAME,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      EnableTokenRevocation: true,
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { IdToken: 'minutes', AccessToken: 'minutes', RefreshToken: 'days' },
    })) as { UserPoolClient: { ClientId: string } }).UserPoolClient.ClientId;

  const { Groups } = (await call('ListGroups', { UserPoolId: userPoolId })) as { Groups: { GroupName: string }[] };
  for (const [groupName, description] of [
    [OPERATORS_GROUP, 'BISN operators'],
    [approvedGroupName, 'Approved accounts: adding a user approves the account'],
  ] as const) {
    if (!Groups.some((group) => group.GroupName === groupName)) await call('CreateGroup', { UserPoolId: userPoolId, GroupName: groupName, Description: description });
  }
  return { userPoolId, userPoolClientId };
}

/** cognito-local rewrites whole JSON files on every save; one API call at a time keeps them intact. */
function serialize() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

const MAX_BODY_BYTES = 1024 * 1024;
const WELL_KNOWN = /^\/([\w-]+)\/\.well-known\/(jwks\.json|openid-configuration)$/;

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  call: (target: string, body: unknown) => Promise<unknown>,
): Promise<void> {
  // Amplify calls Cognito from the site's origin; Cognito itself answers CORS for any origin.
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
      'Access-Control-Max-Age': '600',
    });
    res.end();
    return;
  }
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const wellKnown = req.method === 'GET' ? WELL_KNOWN.exec(path) : null;
  if (wellKnown) {
    const [, userPoolId, document] = wellKnown;
    const issuer = `${url}/${userPoolId}`;
    return sendJson(
      res,
      200,
      document === 'jwks.json'
        ? { keys: [signingKey.jwk] }
        : { issuer, jwks_uri: `${issuer}/.well-known/jwks.json`, id_token_signing_alg_values_supported: ['RS256'] },
    );
  }
  if (req.method === 'GET' && path === '/health') return sendJson(res, 200, { ok: true });
  if (req.method !== 'POST' || path !== '/') return sendJson(res, 404, { message: 'Not Found' });

  const target = String(req.headers['x-amz-target'] ?? '').split('.')[1];
  if (!target) return sendJson(res, 400, { __type: 'InvalidParameterException', message: 'Missing x-amz-target header' });
  let body: unknown;
  try {
    body = JSON.parse((await readBody(req)) || '{}');
  } catch {
    return sendJson(res, 400, { __type: 'SerializationException', message: 'Request body is not valid JSON' });
  }
  try {
    const output = await call(target, body);
    res.writeHead(200, { 'Content-Type': 'application/x-amz-json-1.1' });
    res.end(JSON.stringify(output, datesAsEpochSeconds));
  } catch (error) {
    if (error instanceof CognitoError) return sendJson(res, 400, { __type: error.code, message: error.message });
    if (error instanceof UnsupportedError) {
      return sendJson(res, 500, { __type: 'CognitoLocal#Unsupported', message: `Cognito Local unsupported feature: ${error.message}` });
    }
    throw error;
  }
}

/** The Cognito JSON protocol carries timestamps as epoch seconds (`this[key]` is the value before toJSON). */
function datesAsEpochSeconds(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  return raw instanceof Date ? Math.floor(raw.getTime() / 1000) : value;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('Cognito request body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/x-amz-json-1.1' });
  res.end(JSON.stringify(body));
}

/** cognito-local logs through pino at debug level; only errors (ours, unexpected) are worth printing. */
function emulatorLogger(): LogService {
  const ignore = () => undefined;
  const logger: LogService = {
    child: () => logger,
    debug: ignore,
    info: ignore,
    warn: ignore,
    error: (...args: unknown[]) => console.error('[cognito]', ...args),
  };
  return logger;
}
