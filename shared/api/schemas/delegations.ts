import * as z from '../../zod';
import { emailField, idParam, pageQuery } from './common';

/**
 * Delegates: an assistant's account working for a broker. A delegation is asked for by the
 * delegate (naming the broker's e-mail), confirmed or declined by the broker, then approved by an operator;
 * either side ends it (revoked). Only an approved delegation lets its delegate act for the broker.
 */
export const delegationStates = ['requested', 'confirmed', 'approved', 'declined', 'revoked'] as const;
export type DelegationState = (typeof delegationStates)[number];

const person = z.object({ userId: z.string(), name: z.string(), email: z.string(), firm: z.string() });

export const delegation = z.object({
  brokerId: z.string(),
  delegateId: z.string(),
  broker: person,
  delegate: person,
  state: z.enum(delegationStates),
  /** The broker lets the delegate export their contact lists. */
  canExport: z.boolean(),
  /** The broker's account is active: a disabled broker suspends their delegates' access. */
  brokerActive: z.boolean(),
  requestedAt: z.string(),
  confirmedAt: z.nullable(z.string()),
  approvedAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
});
export type Delegation = z.infer<typeof delegation>;

/** The caller's delegations both ways: the brokers they assist and their own delegates. */
export const delegationsResponse = z.object({ asDelegate: z.array(delegation), asBroker: z.array(delegation) });
export type DelegationsResponse = z.infer<typeof delegationsResponse>;
export const delegationResponse = z.object({ delegation });

export const requestDelegationRequest = z.object({ brokerEmail: emailField });
export type RequestDelegationRequest = z.infer<typeof requestDelegationRequest>;

/**
 * The broker confirms, declines or revokes, or sets whether the delegate may export contact lists; the
 * delegate may only revoke (step down).
 */
export const updateDelegationRequest = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['confirm', 'decline', 'revoke'], { error: 'Choose confirm, decline or revoke.' }) }),
  z.object({ action: z.literal('setExport'), canExport: z.boolean() }),
]);
export type UpdateDelegationRequest = z.infer<typeof updateDelegationRequest>;

export const delegationParams = z.object({ brokerId: idParam, delegateId: idParam });

/** Operators: the delegations the broker confirmed, awaiting their approval (oldest first). */
export const adminDelegationsQuery = pageQuery;
export const adminDelegationsResponse = z.object({ items: z.array(delegation), nextCursor: z.nullable(z.string()) });
