import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { HttpError } from '../../lambdas/core/errors';
import type { Principal } from '../../lambdas/core/principal';
import { newUserRecord, usersRepository, type UserRecord } from '../../lambdas/data/users';

import { createRequirementRequest, type CreateRequirementInput, type CreateRequirementRequest } from '../../shared/api';
import { validRequirement } from '../fixtures/inputs';

export { validDraft } from '../fixtures/inputs';

/** A valid requirement as the handler hands it to the domain: parsed by the shared schema. */
export const requirementInput = (overrides: Partial<CreateRequirementInput> = {}): CreateRequirementRequest =>
  createRequirementRequest.parse(validRequirement(overrides));

export interface Actor {
  readonly record: UserRecord;
  readonly principal: Principal;
}

export const principalOf = (record: Pick<UserRecord, 'userId' | 'email'>, isOperator = false): Principal => ({
  sub: record.userId,
  email: record.email,
  groups: isOperator ? ['operators'] : [],
  isOperator,
});

/**
 * A broker's record written straight to the table (the domain tier tests the domain, not sign-up):
 * approved with a full contact card unless `fields` says otherwise.
 */
export async function broker(label = 'broker', fields: Partial<UserRecord> = {}): Promise<Actor> {
  const userId = randomUUID();
  const record: UserRecord = {
    ...newUserRecord({ userId, email: `${label}-${userId.slice(0, 8)}@example.com`, firstName: label, lastName: 'Tester', acceptedTermsAndConditions: true }),
    status: 'active',
    emailConfirmed: true,
    phone: '916-555-0100',
    license: '01234567',
    title: 'Broker',
    approvedAt: new Date().toISOString(),
    ...fields,
  };
  await usersRepository.createIfAbsent(record);
  return { record, principal: principalOf(record) };
}

export const operator = (): Principal => principalOf({ userId: randomUUID(), email: 'operator@example.com' }, true);

/** A mail as the SES emulator stored it (what the domain sent); MIME-level checks live in the api tier. */
export interface SentMail {
  readonly to: string[];
  readonly subject: string;
  readonly html: string;
  readonly text: string;
  readonly headers: { name: string; value: string }[];
}

/** Every mail the run's SES emulator holds for `address` (each test's brokers have addresses of their own). */
export async function mailsTo(address: string): Promise<SentMail[]> {
  const response = await fetch(`${inject('localStack').urls.ses}/store`);
  const { emails } = (await response.json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { html?: string; text?: string }; headers?: SentMail['headers'] }[];
  };
  return emails
    .filter((mail) => mail.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()))
    .map((mail) => ({ to: mail.destination.to, subject: mail.subject, html: mail.body.html ?? '', text: mail.body.text ?? '', headers: mail.headers ?? [] }));
}

export interface Refusal {
  readonly status: number;
  readonly message: string;
  readonly currentVersion?: number;
  readonly fieldErrors?: Record<string, string[]>;
}

/** The HttpError a call is refused with (status and message, and the version or field errors it names). */
export const refusal = (promise: Promise<unknown>): Promise<Refusal | null | unknown> =>
  promise.then(
    () => null,
    (error: unknown) =>
      error instanceof HttpError
        ? {
            status: error.statusCode,
            message: error.message,
            ...(error.currentVersion === undefined ? {} : { currentVersion: error.currentVersion }),
            ...(error.fieldErrors === undefined ? {} : { fieldErrors: error.fieldErrors }),
          }
        : error,
  );

/** The fields of a listing as the blast leaves it: published at `publishedOn`, expiring 120 days later. */
export const publishedFields = (userId: string, publishedOn: string) => ({
  listingId: randomUUID(),
  userId,
  status: 'published' as const,
  images: [],
  location: null,
  geocodedAddress: null,
  createdAt: publishedOn,
  updatedAt: publishedOn,
  publishedOn,
  expiresAt: new Date(Date.parse(publishedOn) + 120 * 24 * 60 * 60 * 1000).toISOString(),
});
