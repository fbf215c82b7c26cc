import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../../lambdas/core/aws';
import { env } from '../../../lambdas/core/env';
import type { LocalStack } from '../../../lib/local/stack';
import type { Match, Requirement } from '../../../shared/api';
import { call, createRequirement, newApprovedBroker, newUser, runBroadcast, startStack, type Broker } from '../quality/support';

/**
 * A broker's copies of their matches as the pages read them: one a read cannot use (what a write that half
 * failed leaves) is skipped, and the page still answers (the refresh that could leave one is conditional:
 * test/domain/matching.test.ts).
 */

let stack: LocalStack;
let seeker: Broker;

beforeAll(async () => {
  stack = await startStack();
  const operator = await newUser(stack, 'raceoperator', { operator: true });
  seeker = await newApprovedBroker(stack, operator, 'raceseeker');
}, 120_000);
afterAll(() => stack?.stop());

const fields = { requirementTypeId: 'for-lease' as const, propertyTypeId: 'industrial' as const, sqftMin: 10_000, sqftMax: 15_000, highlights: [] as string[], description: 'Racing client.' };

async function sentRequirement(marketId: string): Promise<Requirement> {
  const requirement = await createRequirement(stack, seeker, { ...fields, marketIds: [marketId] });
  await runBroadcast();
  return requirement;
}

describe('a copy a read cannot use', () => {
  it('a Matches page with a copy it cannot read skips it instead of failing', async () => {
    const requirement = await sentRequirement('sac-midtown');
    // What a write that half failed leaves: the keys and a few fields, no ids, side or state.
    await documentClient().send(
      new PutCommand({
        TableName: env().TABLE_NAME,
        Item: { pk: `MATCHES#${seeker.userId}`, sk: `REQ#${requirement.requirementId}#broken`, score: 80, reasons: [], requirementTitle: 'x', listingTitle: 'y', updatedAt: new Date().toISOString() },
      }),
    );
    expect((await call(stack, seeker.token, 'listMatches', { query: { limit: 200 } })).status).toBe(200);
    const mine = await call<{ items: Match[] }>(stack, seeker.token, 'listRequirementMatches', { params: { requirementId: requirement.requirementId } });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((match) => match.listingId)).not.toContain('broken');
  });
});
