import type { AccountStatusAction, AuditAction, AuditActor, AuditLogPage, AuditTarget } from '../../shared/api';
import type { Principal } from '../core/principal';
import { auditRepository } from '../data/audit';
import type { DelegationRecord } from '../data/delegations';
import { isConditionFailed, nowIso } from '../data/table';
import { fullNameOf, usersRepository, type UserRecord } from '../data/users';

/**
 * The operators' audit trail (docs/DECISIONS.md "Operator audit trail"). An account's status change
 * carries who made it in the same conditional write (`statusChange` on the record), and a delegation's
 * approval its `approvedBy`; the trail's entry is then put from what the record says, keyed by the action,
 * and put again by every later operator call that reads the record: a race's loser puts the winner's entry,
 * a retry after a crash puts the entry the crash kept out, and neither adds a second one. A removal puts
 * its entry, keyed by the item, before the item goes.
 */

export const operatorActor = (principal: Principal): AuditActor => ({ kind: 'operator', userId: principal.sub, email: principal.email });
export const adminCliActor: AuditActor = { kind: 'admin-cli' };
export const consoleActor: AuditActor = { kind: 'console' };

const accountOf = (record: UserRecord): AuditTarget => ({ kind: 'user', id: record.userId, name: fullNameOf(record), email: record.email });

/** Puts the trail's entry of the account's last status change, unless it is there. */
export async function recordStatusChange(record: UserRecord): Promise<void> {
  const change = record.statusChange;
  if (!change) return;
  await auditRepository.record({ at: change.at, action: change.action, actor: change.by, target: accountOf(record), detail: change.detail }, [change.at]);
}

/**
 * Moves the account from the status read to `fields.status`, saying who did it in the same conditional
 * write, then puts the trail's entry. The new record, or null when another call changed the status first.
 */
export async function changeAccountStatus(
  record: UserRecord,
  fields: Partial<UserRecord> & Pick<UserRecord, 'status'>,
  action: AccountStatusAction,
  actor: AuditActor,
  detail: string | null = null,
): Promise<UserRecord | null> {
  let changed: UserRecord;
  try {
    changed = await usersRepository.update(record.userId, { ...fields, statusChange: { action, at: nowIso(), by: actor, detail } }, { ifStatus: record.status });
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
  await recordStatusChange(changed);
  return changed;
}

/** Puts the trail's entries of the delegate's approved delegations (each once: keyed by its broker and approval). */
export async function recordDelegateApprovals(delegate: UserRecord, delegations: readonly DelegationRecord[]): Promise<void> {
  const approved = delegations.filter((d) => d.state === 'approved' && d.approvedBy && d.approvedAt);
  if (approved.length === 0) return;
  const brokers = new Map((await usersRepository.getMany(approved.map((d) => d.brokerId))).map((broker) => [broker.userId, broker]));
  for (const d of approved) {
    const broker = brokers.get(d.brokerId);
    await auditRepository.record(
      {
        at: d.approvedAt!,
        action: 'approve-delegate',
        actor: d.approvedBy!,
        target: accountOf(delegate),
        detail: `as delegate of ${broker ? `${fullNameOf(broker)} <${broker.email}>` : d.brokerId}`,
      },
      [d.brokerId, d.approvedAt!],
    );
  }
}

/** Puts the trail's entry of an item's removal (once per item: an item is removed once), before it goes. */
export async function recordRemoval(
  action: Extract<AuditAction, 'remove-listing' | 'remove-requirement'>,
  item: { id: string; title: string; ownerId: string },
  actor: AuditActor,
): Promise<void> {
  const owner = await usersRepository.get(item.ownerId);
  await auditRepository.record({
    at: nowIso(),
    action,
    actor,
    target: { kind: action === 'remove-listing' ? 'listing' : 'requirement', id: item.id, name: item.title, email: owner?.email ?? null },
    detail: owner ? `of ${fullNameOf(owner)}` : null,
  });
}

/** One page of the trail, newest first (the Operators page's Audit tab). */
export async function auditLog(query: { limit: number; cursor?: string; action?: AuditAction }): Promise<AuditLogPage> {
  return auditRepository.page(query.limit, query.cursor, query.action);
}
