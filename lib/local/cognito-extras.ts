import { decodeJwt, importJWK, jwtVerify } from 'jose';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import type { Route, Router } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { passwordPolicy } from '../../shared/api/schemas/auth';
import { signingKey } from './cognito-keys';

/**
 * What cognito-local 5.3 lacks and the product relies on, added in front of its router:
 * - GetTokensFromRefreshToken (Amplify 6 refreshes with it),
 * - ResendConfirmationCode,
 * - GlobalSignOut and AdminUserGlobalSignOut (the refresh tokens are revoked),
 * - RevokeToken answering an unknown or already revoked token with success, as Cognito does,
 * - the refresh token of a completed challenge kept, as a sign-in's is (it refreshes and can be revoked),
 * - sign-in refused for disabled users ("User is disabled."),
 * - the pool's password policy on every operation that sets a password,
 * - e-mail addresses compared case-insensitively, as the deployed pool does,
 * - the new-password challenge's required attributes: the pool's required names an account lacks are asked
 *   for (`requiredAttributes`), must come with the new password and are stored.
 * Everything else goes to cognito-local unchanged.
 */
export function withLocalExtras(router: Router, services: Services): Router {
  const extras: Record<string, Route> = {
    GetTokensFromRefreshToken: (ctx, req: { ClientId: string; RefreshToken?: string }) =>
      getTokensFromRefreshToken(router, services, ctx, req),
    ResendConfirmationCode: (ctx, req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> }) =>
      resendConfirmationCode(services, ctx, req),
    GlobalSignOut: (ctx, req: { AccessToken?: string }) => globalSignOut(services, ctx, req),
    AdminUserGlobalSignOut: (ctx, req: { UserPoolId: string; Username: string }) => adminUserGlobalSignOut(services, ctx, req),
    RevokeToken: (ctx, req: { ClientId: string; Token?: string }) => revokeToken(services, ctx, req),
  };
  return (target) => {
    const route = extras[target] ?? router(target);
    return async (ctx, req) => {
      caseInsensitiveEmail(req);
      if (extras[target]) return route(ctx, req);
      await refuseDisabledSignIn(services, ctx, target, req);
      checkPasswordPolicy(target, req);
      if (target === 'RespondToAuthChallenge') await storeChallengeAttributes(services, ctx, req as ChallengeRequest);
      const result = await route(ctx, req);
      if (target === 'InitiateAuth') await askRequiredAttributes(services, ctx, req as SignInRequest, result as ChallengeAnswer);
      if (target === 'RespondToAuthChallenge') await keepRefreshToken(services, ctx, req as ChallengeRequest, result as ChallengeAnswer);
      return result;
    };
  };
}

const isEmail = (value: unknown): value is string => typeof value === 'string' && value.includes('@');

/**
 * The deployed pool signs in by e-mail case-insensitively (`signInCaseSensitive: false`); cognito-local
 * matches exactly. So every e-mail a request names, as a username, a sign-in name or the email
 * attribute, reaches cognito-local lowercased, and "Broker@BISN.local" is the same account everywhere.
 */
function caseInsensitiveEmail(req: unknown): void {
  if (!req || typeof req !== 'object') return;
  const request = req as { Username?: unknown; AuthParameters?: Record<string, unknown>; UserAttributes?: { Name: string; Value?: unknown }[] };
  if (isEmail(request.Username)) request.Username = request.Username.toLowerCase();
  if (isEmail(request.AuthParameters?.USERNAME)) request.AuthParameters.USERNAME = request.AuthParameters.USERNAME.toLowerCase();
  for (const attribute of request.UserAttributes ?? []) {
    if (attribute.Name === 'email' && isEmail(attribute.Value)) attribute.Value = attribute.Value.toLowerCase();
  }
}

async function getTokensFromRefreshToken(
  router: Router,
  services: Services,
  ctx: Context,
  req: { ClientId: string; RefreshToken?: string },
) {
  if (!req.RefreshToken) throw new InvalidParameterError('Missing required parameter RefreshToken');
  const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByRefreshToken(ctx, req.RefreshToken);
  if (user && !user.Enabled) throw disabled();
  // The same tokens InitiateAuth REFRESH_TOKEN_AUTH issues; the refresh token is not rotated.
  const result = (await router('InitiateAuth')(ctx, {
    ClientId: req.ClientId,
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
  })) as { AuthenticationResult: { AccessToken: string; IdToken: string } };
  const { AccessToken, IdToken } = result.AuthenticationResult;
  const { exp = 0, iat = 0 } = decodeJwt(AccessToken);
  return { AuthenticationResult: { AccessToken, IdToken, ExpiresIn: exp - iat, TokenType: 'Bearer' } };
}

async function resendConfirmationCode(
  { clock, cognito, messages, otp }: Services,
  ctx: Context,
  req: { ClientId: string; Username: string; ClientMetadata?: Record<string, string> },
) {
  const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError('Username/client id combination not found.');
  if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
  const email = user.Attributes.find((attribute) => attribute.Name === 'email')?.Value;
  if (!email) throw new InvalidParameterError('User has no e-mail address to send a code to.');
  const deliveryDetails = { AttributeName: 'email' as const, DeliveryMedium: 'EMAIL' as const, Destination: email };
  const code = otp();
  await messages.deliver(ctx, 'ResendCode', req.ClientId, userPool.options.Id, user, code, req.ClientMetadata, deliveryDetails);
  await userPool.saveUser(ctx, { ...user, ConfirmationCode: code, UserLastModifiedDate: clock.get() });
  return { CodeDeliveryDetails: deliveryDetails };
}

/** Revokes every refresh token of the token's user; access and ID tokens stay valid until they expire, as in AWS. */
async function globalSignOut({ cognito }: Services, ctx: Context, req: { AccessToken?: string }) {
  if (!req.AccessToken) throw new InvalidParameterError('Missing required parameter AccessToken');
  const claims = await jwtVerify(req.AccessToken, await importJWK(signingKey.jwk, 'RS256')).then(
    ({ payload }) => payload as { token_use?: string; client_id?: string; username?: string },
    () => undefined,
  );
  if (claims?.token_use !== 'access' || !claims.client_id || !claims.username) {
    throw new NotAuthorizedError('Invalid Access Token');
  }
  const userPool = await cognito.getUserPoolForClientId(ctx, claims.client_id);
  const user = await userPool.getUserByUsername(ctx, claims.username);
  if (!user) throw new NotAuthorizedError('Invalid Access Token');
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
}

/** Cognito revokes a refresh token once and answers a repeat (or an unknown token) with success too. */
async function revokeToken({ cognito }: Services, ctx: Context, req: { ClientId: string; Token?: string }) {
  if (!req.Token) throw new InvalidParameterError('Missing required parameter Token');
  const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await userPool.getUserByRefreshToken(ctx, req.Token);
  if (user) await userPool.saveUser(ctx, { ...user, RefreshTokens: (user.RefreshTokens ?? []).filter((token) => token !== req.Token) });
  return {};
}

async function adminUserGlobalSignOut({ cognito }: Services, ctx: Context, req: { UserPoolId: string; Username: string }) {
  const userPool = await cognito.getUserPool(ctx, req.UserPoolId);
  const user = await userPool.getUserByUsername(ctx, req.Username);
  if (!user) throw new UserNotFoundError('User does not exist.');
  await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
}

const disabled = () => new NotAuthorizedError('User is disabled.');

interface SignInRequest {
  ClientId?: string;
  UserPoolId?: string;
  AuthParameters?: { USERNAME?: string; REFRESH_TOKEN?: string };
  ChallengeResponses?: { USERNAME?: string };
}

const SIGN_IN_TARGETS = new Set(['InitiateAuth', 'AdminInitiateAuth', 'RespondToAuthChallenge', 'AdminRespondToAuthChallenge']);

/** cognito-local signs disabled users in; Cognito answers NotAuthorizedException "User is disabled.". */
async function refuseDisabledSignIn(services: Services, ctx: Context, target: string, req: SignInRequest): Promise<void> {
  if (!SIGN_IN_TARGETS.has(target)) return;
  const userPool = await poolOf(services, ctx, req);
  if (!userPool) return;
  const username = req.AuthParameters?.USERNAME ?? req.ChallengeResponses?.USERNAME;
  const refreshToken = req.AuthParameters?.REFRESH_TOKEN;
  const user = username
    ? await userPool.getUserByUsername(ctx, username)
    : refreshToken
      ? await userPool.getUserByRefreshToken(ctx, refreshToken)
      : null;
  if (user && !user.Enabled) throw disabled();
}

/** Unknown pools and clients are left for cognito-local to answer with its own errors. */
async function poolOf({ cognito }: Services, ctx: Context, req: SignInRequest): Promise<UserPoolService | null> {
  try {
    if (req.UserPoolId) return await cognito.getUserPool(ctx, req.UserPoolId);
    if (req.ClientId) return await cognito.getUserPoolForClientId(ctx, req.ClientId);
  } catch (error) {
    if (!(error instanceof CognitoError)) throw error;
  }
  return null;
}

/** Where each operation carries a new password. */
const NEW_PASSWORD: Record<string, (req: Record<string, unknown>) => unknown> = {
  SignUp: (req) => req.Password,
  ConfirmForgotPassword: (req) => req.Password,
  ChangePassword: (req) => req.ProposedPassword,
  AdminSetUserPassword: (req) => req.Password,
  AdminCreateUser: (req) => req.TemporaryPassword,
  RespondToAuthChallenge: (req) => (req.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
  AdminRespondToAuthChallenge: (req) => (req.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
};

/** cognito-local accepts any password; Cognito enforces the pool's policy with these messages. */
function checkPasswordPolicy(target: string, req: Record<string, unknown>): void {
  const password = NEW_PASSWORD[target]?.(req);
  if (typeof password !== 'string') return;
  const broken = [
    password.length < passwordPolicy.minLength && 'Password not long enough',
    passwordPolicy.requireLowercase && !/[a-z]/.test(password) && 'Password must have lowercase characters',
    passwordPolicy.requireUppercase && !/[A-Z]/.test(password) && 'Password must have uppercase characters',
    passwordPolicy.requireDigits && !/[0-9]/.test(password) && 'Password must have numeric characters',
    passwordPolicy.requireSymbols && !/[^A-Za-z0-9]/.test(password) && 'Password must have symbol characters',
  ].find(Boolean);
  if (broken) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${broken}`);
}

/** What the deployed pool requires of every account besides the e-mail (lib/stacks/auth-stack.ts `standardAttributes`). */
const requiredAttributes = ['given_name', 'family_name'];
const USER_ATTRIBUTE = 'userAttributes.';

interface ChallengeAnswer {
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  AuthenticationResult?: { RefreshToken?: string };
}
interface ChallengeRequest {
  ClientId: string;
  ChallengeName?: string;
  ChallengeResponses?: Record<string, string>;
}

const lacking = (user: { Attributes: { Name: string; Value?: string }[] }) =>
  requiredAttributes.filter((name) => !user.Attributes.some((attribute) => attribute.Name === name && attribute.Value?.trim()));

/** cognito-local asks for no attribute; Cognito names the required ones the account lacks. */
async function askRequiredAttributes(services: Services, ctx: Context, req: SignInRequest, answer: ChallengeAnswer): Promise<void> {
  if (answer.ChallengeName !== 'NEW_PASSWORD_REQUIRED' || !answer.ChallengeParameters) return;
  const userPool = await poolOf(services, ctx, req);
  const username = req.AuthParameters?.USERNAME;
  const user = userPool && username ? await userPool.getUserByUsername(ctx, username) : null;
  if (!user) return;
  answer.ChallengeParameters.requiredAttributes = JSON.stringify(lacking(user).map((name) => `${USER_ATTRIBUTE}${name}`));
}

/** Cognito refuses the new password without the required attributes the account lacks, and stores those sent. */
async function storeChallengeAttributes(services: Services, ctx: Context, req: ChallengeRequest): Promise<void> {
  const responses = req.ChallengeResponses ?? {};
  if (req.ChallengeName !== 'NEW_PASSWORD_REQUIRED' || !responses.USERNAME) return;
  const userPool = await poolOf(services, ctx, req);
  const user = userPool ? await userPool.getUserByUsername(ctx, responses.USERNAME) : null;
  if (!userPool || !user) return;
  const sent = Object.entries(responses)
    .filter(([key, value]) => key.startsWith(USER_ATTRIBUTE) && value.trim())
    .map(([key, value]) => ({ Name: key.slice(USER_ATTRIBUTE.length), Value: value.trim() }));
  const missing = lacking(user).filter((name) => !sent.some((attribute) => attribute.Name === name));
  if (missing.length > 0) throw new InvalidParameterError(`Invalid attributes given, ${missing[0]} is missing`);
  if (sent.length === 0) return;
  const kept = user.Attributes.filter((attribute) => !sent.some((s) => s.Name === attribute.Name));
  await userPool.saveUser(ctx, { ...user, Attributes: [...kept, ...sent] });
}

/** cognito-local keeps the refresh tokens of sign-ins only; Cognito's challenge answers sign in as well. */
async function keepRefreshToken(services: Services, ctx: Context, req: ChallengeRequest, answer: ChallengeAnswer): Promise<void> {
  const refreshToken = answer.AuthenticationResult?.RefreshToken;
  const username = req.ChallengeResponses?.USERNAME;
  if (!refreshToken || !username) return;
  const userPool = await poolOf(services, ctx, req);
  const user = userPool ? await userPool.getUserByUsername(ctx, username) : null;
  if (userPool && user) await userPool.storeRefreshToken(ctx, refreshToken, user);
}
