import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { buildPath, routeById, type RouteId } from '../../../shared/api/routes';
import type { User } from '../../../shared/api';
import { createConfirmedUser, signIn } from '../../../lib/local/testing';

/** The stack of test/api/global-setup.ts; its handler env is put on this process so domain modules can be imported. */
export const stack = inject('localStack');
Object.assign(process.env, stack.env);

export const PASSWORD = 'Sacramento#2025';
export const newEmail = (label = 'broker') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** Calls a route by id through the local gateway, as the web client does (Bearer ID token, JSON). */
export async function call<T = Record<string, unknown>>(
  token: string | null,
  id: RouteId,
  options: {
    params?: Record<string, string>;
    query?: Record<string, string | number>;
    body?: unknown;
    /** Sent as application/x-www-form-urlencoded, as mail clients do for RFC 8058. */
    form?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const route = routeById[id];
  const search = new URLSearchParams(Object.entries(options.query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const response = await fetch(`${stack.urls.api}${buildPath(route.path, options.params)}${search ? `?${search}` : ''}`, {
    method: route.method,
    headers,
    body: payload,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
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
