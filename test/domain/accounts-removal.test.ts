import { describe, expect, it } from 'vitest';
import { recentCallers } from '../../lambdas/core/recent-callers';
import { listingsRepository } from '../../lambdas/data/listings';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { usersRepository } from '../../lambdas/data/users';
import { markAccountDeleted } from '../../lambdas/domain/account-removal';
import { adminCliActor } from '../../lambdas/domain/audit';
import { listedBroker, refreshDirectory } from '../../lambdas/domain/directory';
import { createListing } from '../../lambdas/domain/listings';
import { createRequirement } from '../../lambdas/domain/requirements';
import { TEST_QUERY_PAGE_SIZE } from '../fixtures/inputs';
import { broker, requirementInput } from './support';

const ownedRequirements = async (userId: string) => (await requirementsRepository.pageByOwner(userId, 100)).items;

describe('an account deleted in Cognito', () => {
  it('is marked deleted, forgotten, unlisted, and its listings and requirements are removed; a retry finds nothing more to do', async () => {
    const leaving = await broker('leaving');
    const staying = await broker('staying');
    // More listings and requirements than a page holds (QUERY_PAGE_SIZE in this tier): every page is removed.
    for (let i = 0; i <= TEST_QUERY_PAGE_SIZE; i++) await createListing(leaving.record);
    for (let i = 0; i <= TEST_QUERY_PAGE_SIZE; i++) await createRequirement(leaving.record, requirementInput());
    const kept = await createRequirement(staying.record, requirementInput());
    await refreshDirectory(leaving.record.userId);
    expect((await listedBroker(leaving.record.userId)).userId).toBe(leaving.record.userId);
    recentCallers.set(leaving.record.userId, 'active');

    expect(await markAccountDeleted(leaving.record, adminCliActor)).toEqual({ listings: TEST_QUERY_PAGE_SIZE + 1, requirements: TEST_QUERY_PAGE_SIZE + 1 });
    expect((await usersRepository.get(leaving.record.userId))?.status).toBe('deleted');
    expect(recentCallers.get(leaving.record.userId)).toBeUndefined();
    await expect(listedBroker(leaving.record.userId)).rejects.toThrow('Broker not found');
    expect(await listingsRepository.allByOwner(leaving.record.userId)).toEqual([]);
    expect(await ownedRequirements(leaving.record.userId)).toEqual([]);
    // Nobody else's.
    expect((await ownedRequirements(staying.record.userId)).map((r) => r.requirementId)).toEqual([kept.requirementId]);

    const deleted = (await usersRepository.get(leaving.record.userId))!;
    expect(await markAccountDeleted(deleted, adminCliActor)).toEqual({ listings: 0, requirements: 0 });
    expect((await usersRepository.get(leaving.record.userId))?.updatedAt).toBe(deleted.updatedAt);
  });
});
