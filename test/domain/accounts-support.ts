import { randomUUID } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { inject } from 'vitest';
import { cognito } from '../../lambdas/core/aws';
import { cognitoClient, createConfirmedUser } from '../../lib/local/testing';

export { refusal, type Refusal } from './support';

/**
 * Fixtures of the account domain tests (users, admin, console sync, unsubscribe, mail feedback): Cognito
 * users made on the run's emulator, as an operator would make them, and the refusals calls end in.
 */

/** An address no other test of the run uses. */
export const newEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

let client: CognitoIdentityProviderClient | undefined;
/** A Cognito client on the run's emulator (one per test file). */
export const cognitoAdmin = (): CognitoIdentityProviderClient => (client ??= cognitoClient(inject('localStack')));
export const userPoolId = () => inject('localStack').userPoolId;

/** A confirmed Cognito user with a given and family name: its sub and e-mail. */
export async function cognitoUser(label: string, names: { firstName?: string; lastName?: string } = {}): Promise<{ sub: string; email: string }> {
  const email = newEmail(label);
  const sub = await createConfirmedUser(inject('localStack'), {
    email,
    password: 'Password-123!',
    firstName: names.firstName ?? 'Given',
    lastName: names.lastName ?? 'Family',
  });
  return { sub, email };
}

/** A Cognito user with an e-mail and nothing else (no given or family name): its sub. */
export async function bareCognitoUser(email: string): Promise<string> {
  const { User } = await cognitoAdmin().send(
    new AdminCreateUserCommand({ UserPoolId: userPoolId(), Username: email, MessageAction: 'SUPPRESS', UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  return User!.Attributes!.find((a) => a.Name === 'sub')!.Value!;
}

/** Whether Cognito lets the user sign in, and the groups it puts them in. */
export async function cognitoStateOf(username: string): Promise<{ enabled: boolean; groups: string[] }> {
  const ids = { UserPoolId: userPoolId(), Username: username };
  const user = await cognitoAdmin().send(new AdminGetUserCommand(ids));
  const groups = await cognitoAdmin().send(new AdminListGroupsForUserCommand(ids));
  return { enabled: user.Enabled !== false, groups: (groups.Groups ?? []).map((g) => g.GroupName!) };
}

type Sending = { send: (command: { constructor: { name: string } }, ...rest: unknown[]) => Promise<unknown> };

/**
 * Makes an AWS client of the functions fail its next call of `commandName` as an outage would (the SDK's
 * own retries spent), then answer again: a fault of the service, not of our code. Returns the undo.
 */
export function failsOnce(client: unknown, commandName: string, name = 'ServiceUnavailable'): () => void {
  const sending = client as Sending;
  const original = sending.send;
  let failed = false;
  sending.send = (command, ...rest) => {
    if (!failed && command.constructor.name === commandName) {
      failed = true;
      return Promise.reject(Object.assign(new Error(`injected: ${commandName} failed`), { name }));
    }
    return original.call(sending, command, ...rest);
  };
  return () => {
    sending.send = original;
  };
}

/**
 * Runs `meanwhile` just before the client's next `commandName` call leaves (another function acting between
 * a read and a write), then lets the call go on.
 */
export function justBefore(client: unknown, commandName: string, meanwhile: () => Promise<unknown>): () => void {
  const sending = client as Sending;
  const original = sending.send;
  const restore = () => {
    sending.send = original;
  };
  sending.send = async (command, ...rest) => {
    if (command.constructor.name === commandName) {
      restore();
      await meanwhile();
    }
    return original.call(sending, command, ...rest);
  };
  return restore;
}

/** The functions' Cognito client fails its next `commandName` call. */
export const cognitoFailsOnce = (commandName: string) => failsOnce(cognito(), commandName);
