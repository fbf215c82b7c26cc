import type { ChangedBy, ItemHistory } from '../../shared/api';
import type { Principal } from '../core/principal';
import { nowIso, type Authored } from '../data/table';

/*
 * Who created and changed a listing or requirement: the owner, or which of their delegates. Kept
 * on the item itself (`createdBy`, `lastChangedBy`, the last CHANGES_KEPT `changes`) and shown to its owner.
 */

/** Enough to read back a month of a busy item's work; an item's size stays small. */
export const CHANGES_KEPT = 20;

export const changeBy = (principal: Principal, action: string, at = nowIso()): ChangedBy => ({ at, delegate: principal.delegate ?? null, action });

/** The history of a new item, made by its owner or by `delegate` for them. */
export function createdHistory(delegate: Principal['delegate'], at: string): Required<Authored> {
  const created: ChangedBy = { at, delegate: delegate ?? null, action: 'created' };
  return { createdBy: created, lastChangedBy: created, changes: [created] };
}

/** The history after `entry`: a repeat of the last entry's author and action replaces it (the editor's autosaves). */
export function withChange(record: Authored, entry: ChangedBy): { lastChangedBy: ChangedBy; changes: ChangedBy[] } {
  const changes = record.changes ?? [];
  const last = changes.at(-1);
  const repeat = last && last.action === entry.action && last.delegate?.userId === entry.delegate?.userId;
  return { lastChangedBy: entry, changes: [...(repeat ? changes.slice(0, -1) : changes), entry].slice(-CHANGES_KEPT) };
}

/**
 * Records `action` by `principal` on the record just written (`record`, as that write answered it) with
 * `save`, and answers the record with its new history. A second write after the change itself: a crash
 * between them leaves the change without its line in the history, never the other way round.
 */
export async function noteChange<R extends Authored>(
  record: R,
  principal: Principal,
  action: string,
  save: (history: { lastChangedBy: ChangedBy; changes: ChangedBy[] }) => Promise<boolean>,
): Promise<R> {
  const history = withChange(record, changeBy(principal, action));
  return (await save(history)) ? { ...record, ...history } : record;
}

export const historyOf = (record: Authored): ItemHistory => ({
  createdBy: record.createdBy ?? null,
  lastChangedBy: record.lastChangedBy ?? null,
  changes: record.changes ?? [],
});
