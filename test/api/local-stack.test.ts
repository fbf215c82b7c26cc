import { randomUUID } from 'node:crypto';
import {
  AdminDisableUserCommand,
  AdminUserGlobalSignOutCommand,
  AdminEnableUserCommand,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { Cron } from 'croner';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { presignPost } from '../../lambdas/core/images-bucket';
import { awsCronToCroner, localSchedule } from '../../lib/local/scheduler';
import { cognitoClient, createConfirmedUser, latestCode, readMail, signIn } from '../../lib/local/testing';
import { jobs } from '../../shared/api/routes';
import { fileStack } from './file-stack';

const stack = await fileStack();
const cognito = cognitoClient(stack);
const PASSWORD = 'Sacramento#2025';

afterAll(() => cognito.destroy());

const newEmail = () => `broker-${randomUUID().slice(0, 8)}@example.com`;

async function signUpAndConfirm(email: string): Promise<string> {
  const { UserSub } = await cognito.send(
    new SignUpCommand({
      ClientId: stack.userPoolClientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'given_name', Value: 'Dana' },
        { Name: 'family_name', Value: 'Reyes' },
      ],
    }),
  );
  const code = await latestCode(stack, email);
  await cognito.send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: code }));
  return UserSub!;
}

describe('DynamoDB', () => {
  it('has the one table with both GSIs projecting everything', async () => {
    const client = new DynamoDBClient({});
    const { Table } = await client.send(new DescribeTableCommand({ TableName: stack.env.TABLE_NAME }));
    client.destroy();
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    const indexes = Object.fromEntries((Table?.GlobalSecondaryIndexes ?? []).map((index) => [index.IndexName, index]));
    for (const name of ['gsi1', 'gsi2']) {
      expect(indexes[name]?.KeySchema).toEqual([
        { AttributeName: `${name}pk`, KeyType: 'HASH' },
        { AttributeName: `${name}sk`, KeyType: 'RANGE' },
      ]);
      expect(indexes[name]?.Projection?.ProjectionType).toBe('ALL');
    }
  });
});

describe('Cognito', () => {
  it('mails a 6-digit verification code on sign-up; the code confirms the account and sign-in gives an ID token', async () => {
    const email = newEmail();
    const { UserConfirmed, UserSub } = await cognito.send(
      new SignUpCommand({ ClientId: stack.userPoolClientId, Username: email, Password: PASSWORD }),
    );
    expect(UserConfirmed).toBe(false);

    const mail = (await readMail(stack)).filter((m) => m.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Your BISN verification code');
    expect(mail[0]?.from).toBe(stack.env.MAIL_FROM);
    const code = /\b(\d{6})\b/.exec(mail[0]?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // In the frame of every BISN mail, the code in both parts.
    expect(mail[0]?.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(mail[0]?.html).toContain('Confirm your e-mail address');
    expect(mail[0]?.html).toContain(`>${code}</p>`);
    expect(mail[0]?.text).toContain('Enter this code on the BISN sign-up page');

    await expect(signIn(stack, email, PASSWORD)).rejects.toThrow(expect.objectContaining({ name: 'UserNotConfirmedException' }));
    await cognito.send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: code }));

    const { idToken } = await signIn(stack, email, PASSWORD);
    const claims = decodeJwt(idToken);
    expect(claims).toMatchObject({
      sub: UserSub,
      email,
      token_use: 'id',
      aud: stack.userPoolClientId,
      iss: `${stack.urls.cognito}/${stack.userPoolId}`,
    });
  });

  it('resends a new confirmation code by mail', async () => {
    const email = newEmail();
    await cognito.send(new SignUpCommand({ ClientId: stack.userPoolClientId, Username: email, Password: PASSWORD }));
    const first = await latestCode(stack, email);
    const { CodeDeliveryDetails } = await cognito.send(
      new ResendConfirmationCodeCommand({ ClientId: stack.userPoolClientId, Username: email }),
    );
    expect(CodeDeliveryDetails).toMatchObject({ DeliveryMedium: 'EMAIL', Destination: email });
    expect((await readMail(stack)).filter((m) => m.to.includes(email))).toHaveLength(2);
    const second = await latestCode(stack, email);
    await cognito.send(new ConfirmSignUpCommand({ ClientId: stack.userPoolClientId, Username: email, ConfirmationCode: second }));
    await expect(
      cognito.send(new ResendConfirmationCodeCommand({ ClientId: stack.userPoolClientId, Username: email })),
    ).rejects.toThrow('User is already confirmed.');
    expect(first).toMatch(/^\d{6}$/);
  });

  it('enforces the password policy', async () => {
    await expect(
      cognito.send(new SignUpCommand({ ClientId: stack.userPoolClientId, Username: newEmail(), Password: 'alllowercase1!' })),
    ).rejects.toThrow(
      expect.objectContaining({
        name: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password must have uppercase characters',
      }),
    );
  });

  it('mails a password reset code that sets a new password', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    await cognito.send(new ForgotPasswordCommand({ ClientId: stack.userPoolClientId, Username: email }));
    const mail = (await readMail(stack)).filter((m) => m.to.includes(email)).at(-1);
    expect(mail?.subject).toBe('Your BISN password reset code');
    expect(mail?.html).toContain('Reset your password');
    const newPassword = 'Folsom@Lake2026';
    await cognito.send(
      new ConfirmForgotPasswordCommand({
        ClientId: stack.userPoolClientId,
        Username: email,
        ConfirmationCode: await latestCode(stack, email),
        Password: newPassword,
      }),
    );
    await expect(signIn(stack, email, newPassword)).resolves.toHaveProperty('idToken');
  });

  it('refreshes tokens with GetTokensFromRefreshToken (Amplify 6) and GlobalSignOut revokes the refresh token', async () => {
    const email = newEmail();
    await signUpAndConfirm(email);
    const tokens = await signIn(stack, email, PASSWORD);
    const refresh = () =>
      cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: tokens.refreshToken }));

    const { AuthenticationResult } = await refresh();
    expect(AuthenticationResult?.TokenType).toBe('Bearer');
    expect(AuthenticationResult?.ExpiresIn).toBe(3600);
    expect(decodeJwt(AuthenticationResult!.IdToken!)).toMatchObject({ email, token_use: 'id' });
    expect(decodeJwt(AuthenticationResult!.AccessToken!)).toMatchObject({ token_use: 'access' });

    await cognito.send(new GlobalSignOutCommand({ AccessToken: tokens.accessToken }));
    await expect(refresh()).rejects.toThrow(expect.objectContaining({ name: 'NotAuthorizedException' }));
    await expect(cognito.send(new GlobalSignOutCommand({ AccessToken: 'not-a-token' }))).rejects.toThrow('Invalid Access Token');
  });

  it('AdminUserGlobalSignOut revokes the refresh tokens of a user', async () => {
    const email = newEmail();
    await createConfirmedUser(stack, { email, password: PASSWORD, firstName: 'Ray', lastName: 'Cho' });
    const { refreshToken } = await signIn(stack, email, PASSWORD);
    await cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: stack.userPoolId, Username: email }));
    await expect(
      cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken })),
    ).rejects.toThrow(expect.objectContaining({ name: 'NotAuthorizedException' }));
  });

  it('refuses sign-in and refresh for a disabled user until enabled again', async () => {
    const email = newEmail();
    await createConfirmedUser(stack, { email, password: PASSWORD, firstName: 'Ada', lastName: 'Byrne' });
    const { refreshToken } = await signIn(stack, email, PASSWORD);

    await cognito.send(new AdminDisableUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    const disabled = expect.objectContaining({ name: 'NotAuthorizedException', message: 'User is disabled.' });
    await expect(signIn(stack, email, PASSWORD)).rejects.toThrow(disabled);
    await expect(
      cognito.send(new GetTokensFromRefreshTokenCommand({ ClientId: stack.userPoolClientId, RefreshToken: refreshToken })),
    ).rejects.toThrow(disabled);
    await expect(
      cognito.send(
        new InitiateAuthCommand({
          ClientId: stack.userPoolClientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: refreshToken },
        }),
      ),
    ).rejects.toThrow(disabled);

    await cognito.send(new AdminEnableUserCommand({ UserPoolId: stack.userPoolId, Username: email }));
    await expect(signIn(stack, email, PASSWORD)).resolves.toHaveProperty('idToken');
  });

  it('puts operators in the operators group claim', async () => {
    const email = newEmail();
    await createConfirmedUser(stack, { email, password: PASSWORD, firstName: 'Olga', lastName: 'Ng', operator: true });
    const { idToken } = await signIn(stack, email, PASSWORD);
    expect(decodeJwt(idToken)['cognito:groups']).toEqual(['operators']);
  });

  it('answers CORS for the browser and serves the JWKS', async () => {
    const preflight = await fetch(stack.urls.cognito, {
      method: 'OPTIONS',
      headers: {
        Origin: stack.env.SITE_URL!,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-amz-target');

    const jwks = (await (await fetch(`${stack.urls.cognito}/${stack.userPoolId}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks.keys.map((key) => key.kid)).toEqual(['CognitoLocal']);
  });
});

describe('API gateway', () => {
  it('answers 401 without a valid ID token on a user route', async () => {
    const path = `${stack.urls.api}/user/cognito/${randomUUID()}`;
    expect((await fetch(path)).status).toBe(401);
    const garbage = await fetch(path, { headers: { authorization: 'Bearer not.a.token' } });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toEqual({ message: 'Unauthorized' });

    const email = newEmail();
    await createConfirmedUser(stack, { email, password: PASSWORD, firstName: 'Al', lastName: 'Ito' });
    const { accessToken } = await signIn(stack, email, PASSWORD);
    // The API takes the ID token; an access token has no audience claim.
    expect((await fetch(path, { headers: { authorization: `Bearer ${accessToken}` } })).status).toBe(401);
  });

  it('answers 404 JSON for an unknown path or method', async () => {
    const unknown = await fetch(`${stack.urls.api}/no/such/thing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Not Found' });
    expect((await fetch(`${stack.urls.api}/requirements`, { method: 'PUT' })).status).toBe(404);
  });

  it('answers CORS preflights for the site origin only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.urls.api}/requirements`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
      });
    const site = await preflight(stack.env.SITE_URL!);
    expect(site.status).toBe(204);
    expect(site.headers.get('access-control-allow-origin')).toBe(stack.env.SITE_URL);
    expect(site.headers.get('access-control-allow-headers')).toContain('authorization');
    const other = await preflight('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await fetch(`${stack.urls.api}/unsubscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('calls the route handler with the verified claims (get own user)', async () => {
    const email = newEmail();
    const sub = await signUpAndConfirm(email);
    const { idToken } = await signIn(stack, email, PASSWORD);
    const response = await fetch(`${stack.urls.api}/user/cognito/${sub}`, {
      headers: { authorization: `Bearer ${idToken}`, origin: stack.env.SITE_URL! },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(stack.env.SITE_URL);
    expect(await response.json()).toMatchObject({ user: { email } });

    const someoneElse = await fetch(`${stack.urls.api}/user/cognito/${randomUUID()}`, {
      headers: { authorization: `Bearer ${idToken}` },
    });
    expect(someoneElse.status).toBe(403);
  });
});

describe('S3', () => {
  it('takes a presigned POST upload and serves the object at ASSET_BASE_URL', async () => {
    const key = `test/${randomUUID()}.png`;
    const { url, fields } = await presignPost(key, {
      conditions: [['content-length-range', 1, 5 * 1024 * 1024], ['eq', '$Content-Type', 'image/png']],
      fields: { 'Content-Type': 'image/png' },
      expiresInSeconds: 300,
    });
    expect(url).toBe(`${stack.urls.s3}/${stack.env.IMAGES_BUCKET}`);

    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
    const upload = await fetch(url, { method: 'POST', body: form, headers: { origin: stack.env.SITE_URL! } });
    expect(upload.status).toBe(204);
    expect(upload.headers.get('access-control-allow-origin')).toBe(stack.env.SITE_URL);

    const read = await fetch(`${stack.env.ASSET_BASE_URL}/${key}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(bytes);
  });
});

describe('scheduler', () => {
  it('converts the AWS cron expressions of the route table to croner patterns', () => {
    expect(awsCronToCroner('0 9 ? * MON-FRI *')).toBe('0 9 * * MON-FRI');
    expect(awsCronToCroner('30 3 * * ? *')).toBe('30 3 * * *');
    // AWS numbers days 1-7 from Sunday; croner 0-6.
    expect(awsCronToCroner('0 9 ? * 2-6 *')).toBe('0 9 * * 1-5');
    expect(() => awsCronToCroner('0 9 ? * MON-FRI 2030')).toThrow();
  });

  it('runs the weekday blast at 09:00 New York time on weekdays only', () => {
    const blast = jobs.find((job) => job.id === 'blast')!;
    const { pattern, timezone } = localSchedule(blast);
    const runs = new Cron(pattern, { timezone, paused: true }).nextRuns(10, new Date('2025-03-07T20:00:00Z'));
    const local = runs.map((run) =>
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(run),
    );
    expect(local).toHaveLength(10);
    for (const when of local) expect(when).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 09:00$/);
    // Across the 2025-03-09 DST change the UTC hour moves from 14 to 13.
    expect(runs[0]?.toISOString()).toBe('2025-03-10T13:00:00.000Z');
  });

  it('runs rate jobs every few seconds locally', () => {
    const broadcast = jobs.find((job) => job.id === 'broadcastRequirements')!;
    expect(localSchedule(broadcast)).toEqual({ pattern: '*/5 * * * * *' });
  });
});
