import { randomUUID } from 'node:crypto';
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
