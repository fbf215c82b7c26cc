import type { AuditActor, Delegation, DelegationsResponse, UpdateDelegationRequest } from '../../shared/api';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import { logger } from '../core/logger';
import type { Principal } from '../core/principal';
import { delegationsRepository, type DelegationRecord } from '../data/delegations';
import { rateLimitsRepository } from '../data/rate-limits';
import { isConditionFailed, nowIso } from '../data/table';
import { fullNameOf, usersRepository, userVersionOf, type UserRecord } from '../data/users';
import { recordDelegateApprovals } from './audit';
import { refreshDirectory } from './directory';
import { sendMail } from './mail';
import { delegationRequestMail } from './mail/templates/delegation-request';

/**
 * Delegates (docs/DECISIONS.md "Delegates"): an account asks to assist a broker, the broker
 * confirms (or declines), an operator approves; either side revokes. Only an approved delegation of an
 * active broker lets the delegate act for them (lambdas/core/acting.ts checks it on every call).
 */

function person(record: UserRecord | undefined, userId: string): Delegation['broker'] {
  return { userId, name: record ? fullNameOf(record) : '', email: record?.email ?? '', firm: record?.brokerInfo?.name ?? '' };
}

function toDelegationDto(record: DelegationRecord, people: ReadonlyMap<string, UserRecord>): Delegation {
  const broker = people.get(record.brokerId);
  return {
    brokerId: record.brokerId,
    delegateId: record.delegateId,
    broker: person(broker, record.brokerId),
    delegate: person(people.get(record.delegateId), record.delegateId),
    state: record.state,
    canExport: record.canExport,
    brokerActive: broker?.status === 'active',
    requestedAt: record.requestedAt,
    confirmedAt: record.confirmedAt,
    approvedAt: record.approvedAt,
    endedAt: record.endedAt,
  };
}

/** The delegations as the API shows them, with both sides' names (a handful of GetItems, in parallel). */
async function toDelegationDtos(records: readonly DelegationRecord[]): Promise<Delegation[]> {
  const ids = [...new Set(records.flatMap((r) => [r.brokerId, r.delegateId]))];
  const people = new Map<string, UserRecord>();
  for (const user of await Promise.all(ids.map((id) => usersRepository.get(id)))) if (user) people.set(user.userId, user);
  return records.map((record) => toDelegationDto(record, people));
}

/** The caller's delegations: the brokers they assist (or asked to) and their own delegates. */
export async function listDelegations(userId: string): Promise<DelegationsResponse> {
  const [asDelegate, asBroker] = await Promise.all([delegationsRepository.ofDelegate(userId), delegationsRepository.ofBroker(userId)]);
  const [delegateDtos, brokerDtos] = await Promise.all([toDelegationDtos(asDelegate), toDelegationDtos(asBroker)]);
  return { asDelegate: delegateDtos, asBroker: brokerDtos };
}

export const noSuchBroker = 'No BISN broker has this e-mail address. Check it with the broker.';

/**
 * `delegate` asks to assist the broker with `brokerEmail` (at sign-up or from the profile). Asking again
 * while a request is open answers that request; a declined or revoked delegation may be asked for again.
 */
export async function requestDelegation(delegate: UserRecord, brokerEmail: string, at = new Date()): Promise<Delegation> {
  const broker = await usersRepository.findByEmail(brokerEmail);
  if (!broker || broker.status === 'deleted') throw notFound(noSuchBroker);
  if (broker.userId === delegate.userId) throw badRequest('You cannot be your own delegate.', { brokerEmail: ['Name another broker.'] });
  if (broker.status !== 'active') throw conflict('This broker cannot take delegates: their account is not active.');
  const now = at.toISOString();
  const fresh: DelegationRecord = {
    brokerId: broker.userId,
    delegateId: delegate.userId,
    state: 'requested',
    canExport: false,
    requestedAt: now,
    confirmedAt: null,
    approvedAt: null,
    endedAt: null,
    updatedAt: now,
  };
  const written = await delegationsRepository.request(fresh);
  const record = written ? fresh : await delegationsRepository.get(broker.userId, delegate.userId);
  if (!record) throw new Error('delegation vanished');
  if (written) {
    logger.info('delegation requested', { brokerId: broker.userId, delegateId: delegate.userId });
    await unlistUnlessChosen(delegate);
    await tellBroker(broker, delegate, at.getTime());
  }
  return toDelegationDto(record, new Map([broker, delegate].map((user) => [user.userId, user])));
}

/**
 * A delegate is in the broker directory only if they chose to be (PRODUCT.md "Members, contacts and mail"):
 * one who asks from Profile and never made a Privacy choice is unlisted, as a delegate's sign-up is. A
 * Privacy choice saved meanwhile (the version moved on) stands.
 */
async function unlistUnlessChosen(delegate: UserRecord): Promise<void> {
  if (delegate.directory) return;
  try {
    await usersRepository.update(delegate.userId, { directory: { listed: false, showPhone: true, showEmail: true } }, { ifVersion: userVersionOf(delegate) });
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return;
  }
  await refreshDirectory(delegate.userId);
}

/** A requester's requests to one broker are mailed at most once in this time. */
export const REQUEST_MAIL_EVERY_MS = 7 * 24 * 60 * 60 * 1000;
/** Request mails to one broker a day, from all requesters. */
export const REQUEST_MAILS_PER_BROKER_DAY = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The broker hears of a new request by e-mail (a stopped address does not: the profile and the dashboard
 * show it), at most once a week per requester and REQUEST_MAILS_PER_BROKER_DAY a day in all, so asking
 * and withdrawing over and over cannot flood the broker; every request still stands and Profile →
 * Delegates lists it. A mail that fails is logged, not thrown.
 */
async function tellBroker(broker: UserRecord, delegate: UserRecord, now: number): Promise<void> {
  if (broker.mailStop) return;
  const mailed =
    (await rateLimitsRepository.once('delegation-request-mail', `${broker.userId}#${delegate.userId}`, REQUEST_MAIL_EVERY_MS, now)) &&
    (await rateLimitsRepository.take('delegation-request-mails', broker.userId, REQUEST_MAILS_PER_BROKER_DAY, DAY_MS, now));
  if (!mailed) {
    logger.info('delegation request mail held back', { brokerId: broker.userId, delegateId: delegate.userId });
    return;
  }
  try {
    await sendMail(await delegationRequestMail(broker, { name: fullNameOf(delegate) || delegate.email, email: delegate.email }));
  } catch (error) {
    logger.warn('delegation request mail not sent', { brokerId: broker.userId, delegateId: delegate.userId, error });
  }
}

export const delegationNotFound = 'Delegation not found';

/** What each side may do, from which states. */
const moves = {
  confirm: { by: 'broker', from: ['requested'], to: 'confirmed' },
  decline: { by: 'broker', from: ['requested'], to: 'declined' },
  revoke: { by: 'either', from: ['requested', 'confirmed', 'approved'], to: 'revoked' },
} as const;

/**
 * The broker confirms, declines or revokes a delegation, or sets whether the delegate may export contact
 * lists; the delegate may only revoke it (step down). Anyone else: 404. A revocation takes effect on the
 * delegate's next call: every call acting for a broker reads the delegation (lambdas/core/acting.ts).
 */
export async function updateDelegation(principal: Principal, brokerId: string, delegateId: string, request: UpdateDelegationRequest): Promise<Delegation> {
  const isBroker = principal.sub === brokerId;
  if (!isBroker && principal.sub !== delegateId) throw notFound(delegationNotFound);
  const current = await delegationsRepository.get(brokerId, delegateId);
  if (!current) throw notFound(delegationNotFound);
  let updated: DelegationRecord | null;
  if (request.action === 'setExport') {
    if (!isBroker) throw forbidden('Only the broker decides whether their delegate may export contact lists.');
    updated = await delegationsRepository.setExport(brokerId, delegateId, request.canExport);
  } else {
    const move = moves[request.action];
    if (move.by === 'broker' && !isBroker) throw forbidden('Only the broker can confirm or decline a request to be their delegate.');
    const now = nowIso();
    const stamp = request.action === 'confirm' ? { confirmedAt: now } : { endedAt: now };
    updated = await delegationsRepository.transition(brokerId, delegateId, move.from, move.to, stamp);
  }
  if (!updated) throw conflict(`This delegation is ${(await delegationsRepository.get(brokerId, delegateId))?.state ?? 'gone'}: it cannot be changed that way.`);
  if (current.state === 'approved' && updated.state === 'revoked') await refreshDirectory(delegateId);
  logger.info('delegation changed', { brokerId, delegateId, action: request.action, state: updated.state, by: isBroker ? 'broker' : 'delegate' });
  return (await toDelegationDtos([updated]))[0]!;
}

/**
 * An operator approves the account as a delegate: each delegation its brokers confirmed becomes approved
 * (the operator page, `npm run admin -- approve`, the console's "approved" group all come here through
 * approveUser), saying who approved it, and enters the audit trail. Conditional on `confirmed`: approving
 * twice changes nothing.
 */
export async function approveDelegationsOf(delegate: UserRecord, actor: AuditActor): Promise<number> {
  const delegations = await delegationsRepository.ofDelegate(delegate.userId);
  const approvedAt = nowIso();
  const approved = (
    await Promise.all(
      delegations.filter((d) => d.state === 'confirmed').map((d) => delegationsRepository.transition(d.brokerId, d.delegateId, ['confirmed'], 'approved', { approvedAt, approvedBy: actor })),
    )
  ).filter((d) => d !== null);
  // The approvals read already made are put again: an entry a crash kept out of the trail goes in now.
  await recordDelegateApprovals(delegate, [...approved, ...delegations]);
  if (approved.length > 0) {
    await refreshDirectory(delegate.userId);
    logger.info('delegations approved', { delegateId: delegate.userId, count: approved.length });
  }
  return approved.length;
}

/** Operators: one page of delegations awaiting their approval. */
export async function listDelegationsAwaitingOperator(limit: number, cursor?: string): Promise<{ items: Delegation[]; nextCursor: string | null }> {
  const page = await delegationsRepository.pageAwaitingOperator(limit, cursor);
  return { items: await toDelegationDtos(page.items), nextCursor: page.nextCursor };
}
