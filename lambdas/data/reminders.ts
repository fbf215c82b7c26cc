import { deliveryLedger } from './delivery-ledger';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, putIfAbsent, tableName } from './table';

/**
 * Expiry reminders, exactly once: before mailing a reminder the job claims
 * `REMIND#<kind>#<id>`/`SENT#<activeFrom>#<days>` (the delivery ledger's conditional put); a renewal starts
 * a new activity, so its reminders are claimed afresh. A failed send gives its claim back.
 */
const ledger = deliveryLedger((id) => `REMIND#${id}`, 'reminder');

export const remindersRepository = {
  claim: (itemKey: string, activeFrom: string, days: number) => ledger.claim(itemKey, `${activeFrom}#${days}`),
  release: (itemKey: string, activeFrom: string, days: number) => ledger.release(itemKey, `${activeFrom}#${days}`),

  /**
   * Marks a renew link used: true the first time, false after (single use). Kept past the link's own expiry
   * (the cloud table's TTL attribute `expiresAtEpoch` removes it; nothing reads it after).
   */
  async renewLinkUsed(linkId: string): Promise<boolean> {
    const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `RENEWLINK#${linkId}`, sk: 'USED' } }));
    return !!Item;
  },

  useRenewLink: (linkId: string, expiresAtEpoch: number) =>
    putIfAbsent({ pk: `RENEWLINK#${linkId}`, sk: 'USED', type: 'renewLinkUse', usedAt: new Date().toISOString(), expiresAtEpoch: expiresAtEpoch + 24 * 60 * 60 }),
};
