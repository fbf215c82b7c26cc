import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditEntry } from '../../shared/api';
import { db, encodeCursor, putIfAbsent, startKeyFor, tableName } from './table';

const LOG = 'AUDITLOG';
const actionLog = (action: AuditAction) => `${LOG}#${action}`;

function fromItem(item: Record<string, unknown>): AuditEntry {
  const { at, action, actor, target, detail } = item as unknown as AuditEntry;
  return { at, action, actor, target, detail };
}

/**
 * The operators' audit trail. An entry's key is the action it records (its target, the action, and what
 * tells that action from the target's other ones: the time stored on the changed record, a delegation's
 * broker), so a retried or raced action puts the same key and the trail holds it once; gsi1 reads the
 * trail newest first, gsi2 one action's entries.
 */
export const auditRepository = {
  /** Puts the entry unless the action is already in the trail: true when written. */
  async record(entry: AuditEntry, actionKey: readonly string[] = []): Promise<boolean> {
    return putIfAbsent({
      pk: `AUDIT#${entry.target.id}`,
      sk: [entry.action, ...actionKey].join('#'),
      gsi1pk: LOG,
      gsi1sk: `${entry.at}#${entry.target.id}#${entry.action}`,
      gsi2pk: actionLog(entry.action),
      gsi2sk: `${entry.at}#${entry.target.id}`,
      ...entry,
    });
  },

  /** One page of the trail, newest first: every action, or one. */
  async page(limit: number, cursor?: string, action?: AuditAction): Promise<{ items: AuditEntry[]; nextCursor: string | null }> {
    const index = action ? { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk', value: actionLog(action) } : { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk', value: LOG };
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: index.name,
        KeyConditionExpression: `${index.pk} = :pk`,
        ExpressionAttributeValues: { ':pk': index.value },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: startKeyFor(cursor, ['pk', 'sk', index.pk, index.sk], { [index.pk]: index.value }),
      }),
    );
    return { items: (Items ?? []).map(fromItem), nextCursor: encodeCursor(LastEvaluatedKey) };
  },
};
