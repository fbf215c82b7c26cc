import type { CreationQuota } from '../../shared/api';
import { marketDay } from '../../shared/rules';
import { env } from '../core/env';
import { tooManyRequests } from '../core/errors';
import { creationQuotasRepository, type CreationKind } from '../data/creation-quotas';

const limitOf = (kind: CreationKind) => (kind === 'requirement' ? env().DAILY_REQUIREMENT_LIMIT : env().DAILY_LISTING_LIMIT);
const plural = (kind: CreationKind) => (kind === 'requirement' ? 'requirements' : 'listings');

export const creationLimitMessage = (kind: CreationKind, limit: number) =>
  `You have created ${limit} ${plural(kind)} today, the most one broker can create in a day. You can create more tomorrow.`;

/**
 * Runs `create` only while the broker has created fewer than the stage's daily limit of `kind` (a 429
 * otherwise): every requirement is mailed to every subscriber of its category, so no one account may
 * flood the network. A create that fails gives its count back.
 */
export async function withinDailyLimit<T>(userId: string, kind: CreationKind, create: () => Promise<T>): Promise<T> {
  const day = marketDay();
  const limit = limitOf(kind);
  if ((await creationQuotasRepository.take(userId, kind, day, limit)) === null) throw tooManyRequests(creationLimitMessage(kind, limit));
  try {
    return await create();
  } catch (error) {
    await creationQuotasRepository.giveBack(userId, kind, day);
    throw error;
  }
}

/**
 * Gives a creation's count back when it is undone the day it was made: a listing draft deleted unpublished
 * reached no one, so opening the editor and closing it untouched (which deletes the draft) does not use up
 * one of the broker's listings for the day. A creation of an earlier day counted against that day.
 */
export async function giveBackCreation(userId: string, kind: CreationKind, createdAt: string): Promise<void> {
  const day = marketDay();
  if (marketDay(new Date(createdAt)) === day) await creationQuotasRepository.giveBack(userId, kind, day);
}

/** What the broker may still create today, for the create dialogs. */
export async function creationQuota(userId: string): Promise<CreationQuota> {
  const day = marketDay();
  const of = async (kind: CreationKind) => {
    const limit = limitOf(kind);
    return { limit, left: Math.max(0, limit - (await creationQuotasRepository.used(userId, kind, day))) };
  };
  const [requirements, listings] = await Promise.all([of('requirement'), of('listing')]);
  return { requirements, listings };
}
