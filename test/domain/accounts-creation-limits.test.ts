import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '../../lambdas/core/env';
import { creationQuotasRepository } from '../../lambdas/data/creation-quotas';
import { creationLimitMessage, creationQuota, giveBackCreation, withinDailyLimit } from '../../lambdas/domain/creation-limits';
import { marketDay } from '../../shared/rules';
import { refusal } from './accounts-support';

/** The stages' limits (docs/DECISIONS.md "Identity and users"): 10 requirements and 20 listings a day. */
const limits = { DAILY_REQUIREMENT_LIMIT: '10', DAILY_LISTING_LIMIT: '20' };
const saved = Object.fromEntries(Object.keys(limits).map((name) => [name, process.env[name]]));
beforeAll(() => {
  Object.assign(process.env, limits);
  resetEnvCache();
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
});

const requirementsMessage = 'You have created 10 requirements today, the most one broker can create in a day. You can create more tomorrow.';
const listingsMessage = 'You have created 20 listings today, the most one broker can create in a day. You can create more tomorrow.';
/** Counts `n` creations of `kind` today without a limit in the way. */
const used = (userId: string, kind: 'requirement' | 'listing', n: number) =>
  Promise.all(Array.from({ length: n }, () => creationQuotasRepository.take(userId, kind, marketDay(), 1000)));

describe('the daily limits', () => {
  it('names the limit and the kind in the refusal', () => {
    expect(creationLimitMessage('requirement', 10)).toBe(requirementsMessage);
    expect(creationLimitMessage('listing', 20)).toBe(listingsMessage);
  });
});

describe('the daily limit', () => {
  it('lets 10 requirements a day through, then refuses with 429 without creating; listings are counted apart', async () => {
    const userId = randomUUID();
    await used(userId, 'requirement', 9);
    expect(await withinDailyLimit(userId, 'requirement', async () => 'tenth')).toBe('tenth');
    let created = 0;
    expect(await refusal(withinDailyLimit(userId, 'requirement', async () => ++created))).toEqual({ status: 429, message: requirementsMessage });
    expect(created).toBe(0);
    expect(await creationQuota(userId)).toEqual({ requirements: { limit: 10, left: 0 }, listings: { limit: 20, left: 20 } });
    expect(await withinDailyLimit(userId, 'listing', async () => 'listing')).toBe('listing');
  });

  it('lets 20 listings a day through, then refuses with 429', async () => {
    const userId = randomUUID();
    await used(userId, 'listing', 19);
    expect(await withinDailyLimit(userId, 'listing', async () => 20)).toBe(20);
    expect(await refusal(withinDailyLimit(userId, 'listing', async () => 21))).toEqual({ status: 429, message: listingsMessage });
    expect(await creationQuota(userId)).toEqual({ requirements: { limit: 10, left: 10 }, listings: { limit: 20, left: 0 } });
  });

  it('a create that fails gives its count back and fails as it did', async () => {
    const userId = randomUUID();
    await used(userId, 'requirement', 3);
    await expect(withinDailyLimit(userId, 'requirement', () => Promise.reject(new Error('write failed')))).rejects.toThrow('write failed');
    expect((await creationQuota(userId)).requirements).toEqual({ limit: 10, left: 7 });
  });

  it('answers what is left today, never below nothing', async () => {
    const userId = randomUUID();
    expect(await creationQuota(userId)).toEqual({ requirements: { limit: 10, left: 10 }, listings: { limit: 20, left: 20 } });
    await used(userId, 'requirement', 12);
    await used(userId, 'listing', 5);
    expect(await creationQuota(userId)).toEqual({ requirements: { limit: 10, left: 0 }, listings: { limit: 20, left: 15 } });
  });

  it('gives a creation back only the day it was made', async () => {
    const userId = randomUUID();
    await used(userId, 'listing', 2);
    await giveBackCreation(userId, 'listing', new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString());
    expect((await creationQuota(userId)).listings.left).toBe(18);
    await giveBackCreation(userId, 'listing', new Date().toISOString());
    expect((await creationQuota(userId)).listings.left).toBe(19);
    expect((await creationQuota(userId)).requirements.left).toBe(10);
  });
});
