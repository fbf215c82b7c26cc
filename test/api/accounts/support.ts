import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../../shared/api/routes';
import { callWithProfileVersion, type RouteAnswer, type RouteRequest } from '../http';
import type { User } from '../../../shared/api';
import { createConfirmedUser, signIn } from '../../../lib/local/testing';
import { fileStack } from '../file-stack';

/** This test file's stack; its handler env is on this process, so domain modules can be imported. */
export const stack = await fileStack();

export const PASSWORD = 'Sacramento#2025';
export const newEmail = (label = 'broker') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export type Answer<T = Record<string, unknown>> = RouteAnswer<T>;

/** Calls a route by id through the local gateway, as the web client does (Bearer ID token, JSON). */
export function call<T = Record<string, unknown>>(
  token: string | null,
  id: RouteId,
  options: Omit<RouteRequest, 'rawBody' | 'contentType'> & {
    /** Sent as application/x-www-form-urlencoded, as mail clients do for RFC 8058. */
    form?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const { form, ...request } = options;
  return callWithProfileVersion<T>(
    stack.urls.api,
    token,
    id,
    form ? { ...request, rawBody: new URLSearchParams(form).toString(), contentType: 'application/x-www-form-urlencoded' } : request,
  );
}

export interface Account {
  userId: string;
  email: string;
  firstName: string;
  token: string;
}

/** A signed-in account with a user record (created by the API on the first read), optionally an operator. */
export async function newAccount(label = 'broker', options: { operator?: boolean } = {}): Promise<Account> {
  const email = newEmail(label);
  const firstName = label.charAt(0).toUpperCase() + label.slice(1);
  const userId = await createConfirmedUser(stack, { email, password: PASSWORD, firstName, lastName: 'Tester', operator: options.operator });
  const { idToken } = await signIn(stack, email, PASSWORD);
  const answer = await call<{ user: User }>(idToken, 'getUserByCognitoId', { params: { cognitoId: userId } });
  if (answer.status !== 200) throw new Error(`user record for ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { userId, email, firstName, token: idToken };
}

/** The stored record, read through the data layer (what the API would answer is not what we are checking). */
export async function storedUser(userId: string) {
  const { usersRepository } = await import('../../../lambdas/data/users');
  return usersRepository.get(userId);
}
