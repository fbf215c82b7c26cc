import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MatchState } from '../../shared/api';
import type { MatchableListing, MatchableRequirement, MatchReason } from '../../shared/rules';
import { logger } from '../core/logger';
import { countMetric } from '../core/metrics';
import { batchWrite, db, encodeCursor, isConditionFailed, queryAll, queryPages, startKeyFor, tableName } from './table';

/** A sent requirement as matching reads it: one copy per market, under `MATCHREQ#<property type>#<market>`. */
export interface RequirementCandidate extends MatchableRequirement {
  requirementId: string;
  userId: string;
  title: string;
  sentAt: string;
}

/** A published listing as matching reads it, under `MATCHLST#<property type>#<market>`. */
export interface ListingCandidate extends MatchableListing {
  listingId: string;
  userId: string;
  title: string;
}

export type MatchSideName = 'requirement' | 'listing';
/** `pending` waits for the notice job, `sending` is claimed by one run, `sent` is done (`lost`: a run crashed mid-send). */
export type NoticeState = 'pending' | 'sending' | 'sent' | 'lost' | 'skipped';

/**
 * One broker's copy of a match, in their own partition `MATCHES#<ownerId>`: the requirement's owner holds
 * `REQ#<requirementId>#<listingId>`, the listing's owner `LST#<listingId>#<requirementId>`. Each keeps its
 * own state (dismissed, sent to client) and notice.
 */
export interface MatchSide {
  ownerId: string;
  side: MatchSideName;
  requirementId: string;
  listingId: string;
  /** The other broker of the match. */
  counterpartId: string;
  requirementTitle: string;
  listingTitle: string;
  score: number;
  reasons: MatchReason[];
  state: MatchState;
  matchedAt: string;
  updatedAt: string;
  notice?: NoticeState;
  noticeBatchId?: string;
  noticeClaimedAt?: string;
}

/** What the Matches page shows of a side; its notice's bookkeeping, owner and keys stay in the table. */
export const pageFields = ['side', 'requirementId', 'listingId', 'counterpartId', 'requirementTitle', 'listingTitle', 'score', 'reasons', 'state', 'matchedAt'] as const;
export type MatchOnPage = Pick<MatchSide, (typeof pageFields)[number]>;
const pageProjection = {
  ProjectionExpression: pageFields.map((_, i) => `#f${i}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(pageFields.map((name, i) => [`#f${i}`, name])),
};

const NOTICE_PARTITION = 'MATCHNOTICE';
const requirementCandidatePk = (propertyTypeId: string, marketId: string) => `MATCHREQ#${propertyTypeId}#${marketId}`;
const listingCandidatePk = (propertyTypeId: string, marketId: string) => `MATCHLST#${propertyTypeId}#${marketId}`;
const ownerPk = (ownerId: string) => `MATCHES#${ownerId}`;
export const sideSk = (side: MatchSideName, requirementId: string, listingId: string) =>
  side === 'requirement' ? `REQ#${requirementId}#${listingId}` : `LST#${listingId}#${requirementId}`;
const hourKey = (ownerId: string) => ({ pk: `MATCHNOTICE#${ownerId}`, sk: 'HOUR' });

function strip<T>(item: Record<string, unknown>): T {
  const { pk: _pk, sk: _sk, gsi2pk: _g2, gsi2sk: _g2s, type: _t, ...rest } = item;
  return rest as T;
}

/** The fields without which a stored copy is not a match (a write that half failed, an older shape). */
const TEXT_FIELDS = ['side', 'requirementId', 'listingId', 'counterpartId', 'state', 'matchedAt'] as const;
const isWhole = (item: Record<string, unknown>) => TEXT_FIELDS.every((field) => typeof item[field] === 'string') && typeof item.score === 'number' && Array.isArray(item.reasons);

/**
 * The copies as read, without any that lack what a match needs: such a copy is skipped (and logged and
 * counted), never shown, so one bad item cannot fail a page.
 */
function wholeCopies<T>(items: readonly Record<string, unknown>[]): T[] {
  const whole: T[] = [];
  for (const item of items) {
    if (isWhole(item)) whole.push(strip<T>(item));
    else {
      logger.warn('skipped a malformed match copy', { pk: item.pk, sk: item.sk });
      countMetric('MalformedDerivedRecords');
    }
  }
  return whole;
}

const sideItem = (side: MatchSide) => ({
  pk: ownerPk(side.ownerId),
  sk: sideSk(side.side, side.requirementId, side.listingId),
  type: 'match',
  ...side,
  ...(side.notice === 'pending' ? { gsi2pk: NOTICE_PARTITION, gsi2sk: `${side.ownerId}#${side.matchedAt}` } : {}),
});

/** The stored copies of a requirement candidate, one per market (exported for bulk loads: test/bench). */
export const requirementCandidateItems = (candidate: RequirementCandidate, marketIds: readonly string[]) =>
  marketIds.map((marketId) => ({
    pk: requirementCandidatePk(candidate.propertyTypeId, marketId),
    sk: `${candidate.sentAt}#${candidate.requirementId}`,
    type: 'requirementCandidate',
    ...candidate,
  }));

/** The stored copy of a listing candidate (exported for bulk loads: test/bench). */
export const listingCandidateItem = (candidate: ListingCandidate & { marketId: string; propertyTypeId: string }) => ({
  pk: listingCandidatePk(candidate.propertyTypeId, candidate.marketId),
  sk: candidate.listingId,
  type: 'listingCandidate',
  ...candidate,
});

export const matchesRepository = {
  /** The requirement's copies, one per market it names (re-putting the same keys is harmless). */
  async putRequirementCandidate(candidate: RequirementCandidate, marketIds: readonly string[]): Promise<void> {
    await batchWrite(requirementCandidateItems(candidate, marketIds).map((Item) => ({ PutRequest: { Item } })));
  },

  async deleteRequirementCandidate(candidate: Pick<RequirementCandidate, 'requirementId' | 'propertyTypeId' | 'sentAt'>, marketIds: readonly string[]): Promise<void> {
    await batchWrite(
      marketIds.map((marketId) => ({
        DeleteRequest: { Key: { pk: requirementCandidatePk(candidate.propertyTypeId, marketId), sk: `${candidate.sentAt}#${candidate.requirementId}` } },
      })),
    );
  },

  async putListingCandidate(candidate: ListingCandidate & { marketId: string; propertyTypeId: string }): Promise<void> {
    await db().send(new PutCommand({ TableName: tableName(), Item: listingCandidateItem(candidate) }));
  },

  async deleteListingCandidate(candidate: { listingId: string; propertyTypeId: string; marketId: string }): Promise<void> {
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key: { pk: listingCandidatePk(candidate.propertyTypeId, candidate.marketId), sk: candidate.listingId } }),
    );
  },

  /** Requirements of one property type and market sent since `sentSince`, page by page: one candidate partition. */
  requirementCandidates(propertyTypeId: string, marketId: string, sentSince: string): AsyncGenerator<RequirementCandidate[]> {
    return mapPages(
      queryPages({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk >= :since',
        ExpressionAttributeValues: { ':pk': requirementCandidatePk(propertyTypeId, marketId), ':since': sentSince },
      }),
    );
  },

  /** Published listings of one property type and market, page by page: one candidate partition. */
  listingCandidates(propertyTypeId: string, marketId: string): AsyncGenerator<ListingCandidate[]> {
    return mapPages(
      queryPages({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': listingCandidatePk(propertyTypeId, marketId) },
      }),
    );
  },

  /**
   * Writes a new match side, or refreshes the score, reasons and titles of one that exists, keeping its
   * state and notice. Answers whether it was new.
   */
  async upsertSide(side: MatchSide): Promise<boolean> {
    try {
      await db().send(new PutCommand({ TableName: tableName(), Item: sideItem(side), ConditionExpression: 'attribute_not_exists(pk)' }));
      return true;
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: ownerPk(side.ownerId), sk: sideSk(side.side, side.requirementId, side.listingId) },
          UpdateExpression: 'SET score = :score, reasons = :reasons, requirementTitle = :rt, listingTitle = :lt, updatedAt = :now',
          // Removed meanwhile (either side left): an update would leave a copy with nothing but these fields.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: {
            ':score': side.score,
            ':reasons': side.reasons,
            ':rt': side.requirementTitle,
            ':lt': side.listingTitle,
            ':now': side.updatedAt,
          },
        }),
      );
    } catch (error) {
      if (!isConditionFailed(error)) throw error;
    }
    return false;
  },

  async deleteSides(sides: readonly Pick<MatchSide, 'ownerId' | 'side' | 'requirementId' | 'listingId'>[]): Promise<void> {
    await batchWrite(
      sides.map((s) => ({ DeleteRequest: { Key: { pk: ownerPk(s.ownerId), sk: sideSk(s.side, s.requirementId, s.listingId) } } })),
    );
  },

  /** Every match of one requirement (its owner's copies): one Query. */
  async ofRequirement(ownerId: string, requirementId: string): Promise<MatchSide[]> {
    return wholeCopies<MatchSide>(await queryAll(prefixQuery(ownerId, `REQ#${requirementId}#`)));
  },

  /** Every match of one listing (its owner's copies): one Query. */
  async ofListing(ownerId: string, listingId: string): Promise<MatchSide[]> {
    return wholeCopies<MatchSide>(await queryAll(prefixQuery(ownerId, `LST#${listingId}#`)));
  },

  /**
   * One page of a broker's matches, both sides, grouped by requirement then listing (the sort key): one
   * Query of the fields the page shows.
   */
  async pageOfOwner(ownerId: string, limit: number, cursor?: string): Promise<{ items: MatchOnPage[]; nextCursor: string | null }> {
    const pk = ownerPk(ownerId);
    const { Items, LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ...pageProjection,
        ExpressionAttributeValues: { ':pk': pk },
        Limit: limit,
        ExclusiveStartKey: startKeyFor(cursor, ['pk', 'sk'], { pk }),
      }),
    );
    return { items: wholeCopies<MatchOnPage>(Items ?? []), nextCursor: encodeCursor(LastEvaluatedKey) };
  },

  /** A broker's matches made in (fromIso, toIso], both sides, page by page: one Query of their partition (the digest). */
  matchedBetween(ownerId: string, fromIso: string, toIso: string): AsyncGenerator<MatchSide[]> {
    return sidePages(
      queryPages({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        FilterExpression: 'matchedAt > :from AND matchedAt <= :to',
        ExpressionAttributeValues: { ':pk': ownerPk(ownerId), ':from': fromIso, ':to': toIso },
      }),
    );
  },

  /** How many of a broker's matches are not dismissed (the dashboard tile). */
  async countOpen(ownerId: string): Promise<{ requirements: number; listings: number }> {
    const count = { requirements: 0, listings: 0 };
    for await (const page of queryPages({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: '#state <> :dismissed',
      ProjectionExpression: 'side',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':pk': ownerPk(ownerId), ':dismissed': 'dismissed' },
    })) {
      for (const item of page) count[item.side === 'requirement' ? 'requirements' : 'listings']++;
    }
    return count;
  },

  /** The broker's own decision on a match; null when they hold no such match. */
  async setState(ownerId: string, side: MatchSideName, requirementId: string, listingId: string, state: MatchState, now: string): Promise<MatchSide | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: ownerPk(ownerId), sk: sideSk(side, requirementId, listingId) },
          UpdateExpression: 'SET #state = :state, stateAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':state': state, ':now': now },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return Attributes ? strip<MatchSide>(Attributes) : null;
    } catch (error) {
      if (isConditionFailed(error)) return null;
      throw error;
    }
  },

  /** Every match side waiting for (or stuck in) a notice, page by page: the sparse gsi2 partition. */
  awaitingNotice(): AsyncGenerator<MatchSide[]> {
    return sidePages(
      queryPages({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': NOTICE_PARTITION },
      }),
    );
  },

  /**
   * Moves a side's notice from one state to another (conditional: `from`, and for a claimed one its batch).
   * Leaving `pending`/`sending` for good also leaves the notice index.
   */
  async moveNotice(side: Pick<MatchSide, 'ownerId' | 'side' | 'requirementId' | 'listingId'>, from: NoticeState, to: NoticeState, batch: { batchId?: string; at?: string } = {}): Promise<boolean> {
    const leaves = to !== 'pending' && to !== 'sending';
    const sets = ['notice = :to', ...(batch.batchId && to === 'sending' ? ['noticeBatchId = :batch', 'noticeClaimedAt = :at'] : [])];
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: ownerPk(side.ownerId), sk: sideSk(side.side, side.requirementId, side.listingId) },
          UpdateExpression: `SET ${sets.join(', ')}${leaves ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
          ConditionExpression: from === 'sending' && batch.batchId ? 'notice = :from AND noticeBatchId = :batch' : 'notice = :from',
          ExpressionAttributeValues: {
            ':to': to,
            ':from': from,
            ...(batch.batchId ? { ':batch': batch.batchId } : {}),
            ...(batch.at && to === 'sending' ? { ':at': batch.at } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /**
   * The broker's notice hour: taken when their last notice went out at or before `hourAgo` (or never).
   * Answers the previous time, so a refused send can give the hour back; false when the hour is not over.
   */
  async takeNoticeHour(ownerId: string, now: string, hourAgo: string, batchId: string): Promise<{ previous: string | null } | false> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: hourKey(ownerId),
          UpdateExpression: 'SET lastSentAt = :now, batchId = :batch',
          ConditionExpression: 'attribute_not_exists(lastSentAt) OR lastSentAt <= :hourAgo',
          ExpressionAttributeValues: { ':now': now, ':hourAgo': hourAgo, ':batch': batchId },
          ReturnValues: 'UPDATED_OLD',
        }),
      );
      return { previous: (Attributes?.lastSentAt as string | undefined) ?? null };
    } catch (error) {
      if (isConditionFailed(error)) return false;
      throw error;
    }
  },

  /** Gives the hour back after SES refused the notice (only if this batch still holds it). */
  async giveBackNoticeHour(ownerId: string, batchId: string, previous: string | null): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: hourKey(ownerId),
          UpdateExpression: previous ? 'SET lastSentAt = :previous REMOVE batchId' : 'REMOVE lastSentAt, batchId',
          ConditionExpression: 'batchId = :batch',
          ExpressionAttributeValues: { ':batch': batchId, ...(previous ? { ':previous': previous } : {}) },
        }),
      )
      .catch((error: unknown) => {
        if (!isConditionFailed(error)) throw error;
      });
  },
};

function prefixQuery(ownerId: string, prefix: string) {
  return {
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': ownerPk(ownerId), ':prefix': prefix },
  };
}

async function* sidePages(pages: AsyncGenerator<Record<string, unknown>[]>): AsyncGenerator<MatchSide[]> {
  for await (const page of pages) yield wholeCopies<MatchSide>(page);
}

async function* mapPages<T>(pages: AsyncGenerator<Record<string, unknown>[]>): AsyncGenerator<T[]> {
  for await (const page of pages) yield page.map((item) => strip<T>(item));
}
