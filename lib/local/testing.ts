import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localCredentials, LOCAL_REGION } from './aws';
import { OPERATORS_GROUP } from './cognito';
import type { StackInfo } from './stack-info';

/** Helpers for seed data and tests against a running local stack (in this process or another). */

export type StackRef = Pick<StackInfo, 'urls' | 'userPoolId' | 'userPoolClientId'>;

/** A Cognito client pointed at the stack's emulator. */
export function cognitoClient(stack: Pick<StackInfo, 'urls'>): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint: stack.urls.cognito, region: LOCAL_REGION, credentials: localCredentials });
}

export interface NewUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Member of the `operators` group. */
  operator?: boolean;
}

/** A user who can sign in at once (e-mail verified, permanent password), as an operator would create one. Returns the sub. */
export async function createConfirmedUser(stack: StackRef, user: NewUser): Promise<string> {
  const client = cognitoClient(stack);
  try {
    const { User } = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: stack.userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: user.firstName },
          { Name: 'family_name', Value: user.lastName },
        ],
      }),
    );
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: stack.userPoolId, Username: user.email, Password: user.password, Permanent: true }),
    );
    if (user.operator) {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId: stack.userPoolId, Username: user.email, GroupName: OPERATORS_GROUP }));
    }
    const sub = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error(`Cognito returned no sub for ${user.email}`);
    return sub;
  } finally {
    client.destroy();
  }
}

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** Signs in the way the web app does locally (USER_PASSWORD_AUTH); the ID token is the API's bearer token. */
export async function signIn(stack: StackRef, email: string, password: string): Promise<Tokens> {
  const client = cognitoClient(stack);
  try {
    const { AuthenticationResult: result } = await client.send(
      new InitiateAuthCommand({
        ClientId: stack.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    if (!result?.IdToken || !result.AccessToken || !result.RefreshToken) throw new Error(`no tokens for ${email}`);
    return { idToken: result.IdToken, accessToken: result.AccessToken, refreshToken: result.RefreshToken };
  } finally {
    client.destroy();
  }
}

/** One message from the local SES store. */
export interface Mail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
  /** Epoch seconds. */
  at: number;
}

interface StoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  at: number;
}

/** Every mail the stack has sent so far, oldest first (aws-ses-v2-local `GET /store`). */
export async function readMail(stack: Pick<StackInfo, 'urls'>): Promise<Mail[]> {
  const response = await fetch(`${stack.urls.ses}/store`);
  if (!response.ok) throw new Error(`SES store answered ${response.status}`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails.map((email) => ({
    messageId: email.messageId,
    from: email.from,
    to: email.destination.to,
    subject: email.subject,
    text: email.body.text,
    html: email.body.html,
    at: email.at,
  }));
}

/** The 6-digit code of the newest mail to `email` that carries one (sign-up, resend, password reset). */
export async function latestCode(stack: Pick<StackInfo, 'urls'>, email: string): Promise<string | undefined> {
  const mails = await readMail(stack);
  for (const mail of mails.reverse()) {
    const code = mail.to.includes(email) ? /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] : undefined;
    if (code) return code;
  }
  return undefined;
}
