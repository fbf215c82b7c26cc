import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ses } from '../../../lambdas/core/aws';
import { remindersRepository } from '../../../lambdas/data/reminders';
import { requirementsRepository } from '../../../lambdas/data/requirements';
import { renewLinkUrl } from '../../../lambdas/domain/renew-links';
import type { LocalStack } from '../../../lib/local/stack';
import type { Match, Requirement, RequirementPage } from '../../../shared/api';
import {
  call,
  createRequirement,
  expectOk,
  failSends,
  newApprovedBroker,
  newUser,
  queuedListing,
  readMailStore,
  runBlastJob,
  runBroadcast,
  startStack,
  throttled,
  validRequirement,
  type Broker,
} from '../quality/support';
import { readReceivedMails } from './support';

/**
 * Requirements: the owner edits a sent requirement (not broadcast again, matched again), marks it
 * filled or withdrawn; it expires 90 days after its broadcast or last renewal, with reminders 7 and 1 days
 * before carrying a single-use renew link; closed ones leave the browser, the active count and matching.
 */

let stack: LocalStack;
let operator: Broker;
let owner: Broker;
let other: Broker;
const undo: (() => void)[] = [];
const DAY_MS = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(Date.now() + days * DAY_MS);

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  [owner, other] = await Promise.all([newApprovedBroker(stack, operator, 'owner'), newApprovedBroker(stack, operator, 'other')]);
}, 120_000);

afterEach(() => {
  for (const restore of undo.splice(0)) restore();
});
afterAll(async () => stack?.stop());

const read = async (broker: Broker, requirementId: string) =>
  (await expectOk(call<{ requirement: Requirement }>(stack, broker.token, 'getRequirement', { params: { requirementId } }))).requirement;
const browse = async (title: string) =>
  (await expectOk(call<RequirementPage>(stack, other.token, 'listRequirements', { query: { limit: 25 } }))).items.filter((r) => r.title === title);
const activeCount = async () => (await expectOk(call<{ count: number }>(stack, other.token, 'countActiveRequirements'))).count;
const runJob = async (entry: 'expire-listings' | 'send-reminders', now: Date) => {
  const { handler } = (await import(/* @vite-ignore */ `../../../lambdas/jobs/${entry}.ts`)) as { handler: (event: unknown) => Promise<unknown> };
  return handler({ now: now.toISOString() });
};

async function sent(overrides: Parameters<typeof createRequirement>[2] = {}): Promise<Requirement> {
  const requirement = await createRequirement(stack, owner, { title: `Lifecycle ${Math.random().toString(36).slice(2, 8)}`, ...overrides });
  await runBroadcast();
  return read(owner, requirement.requirementId);
}

describe('the owner', () => {
  it('edits a sent requirement: the browser shows the edit, nobody is mailed again, matches follow the new size', async () => {
    const requirement = await sent({ propertyTypeId: 'flex', marketIds: ['sac-antelope'], sqftMin: 1000, sqftMax: 2000 });
    await queuedListing(stack, other, { listingTypeId: 'for-lease', propertyTypeId: 'flex', marketId: 'sac-antelope', sqft: 5000, minSqft: null, maxSqft: null });
    await runBlastJob();
    const matches = async () => (await expectOk(call<{ items: Match[] }>(stack, owner.token, 'listRequirementMatches', { params: { requirementId: requirement.requirementId } }))).items;
    expect(await matches()).toEqual([]);
    const mails = (await readMailStore(stack)).length;

    const title = `${requirement.title} (bigger)`;
    const edited = await expectOk(
      call<{ requirement: Requirement }>(stack, owner.token, 'updateRequirement', {
        params: { requirementId: requirement.requirementId },
        body: { ...validRequirement({ title, propertyTypeId: 'flex', marketIds: ['sac-antelope'], sqftMin: 4500, sqftMax: 6000 }), version: requirement.version },
      }),
    );
    expect(edited.requirement).toMatchObject({ title, status: 'sent', version: requirement.version + 1, sentAt: requirement.sentAt });
    expect((await browse(title)).length).toBe(1);
    expect(await browse(requirement.title)).toEqual([]);
    expect((await matches()).length).toBe(1);
    await runBroadcast();
    expect((await readMailStore(stack)).length).toBe(mails);

    // The same version again: someone else saved first.
    const stale = await call(stack, owner.token, 'updateRequirement', { params: { requirementId: requirement.requirementId }, body: { ...validRequirement(), version: requirement.version } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ currentVersion: requirement.version + 1 });
  });

  it('marks it filled through a BISN listing: it leaves the browser, the count and matching; others see "filled" without the outcome', async () => {
    const requirement = await sent();
    const before = await activeCount();
    const listing = await queuedListing(stack, other);
    const filled = await expectOk(
      call<{ requirement: Requirement }>(stack, owner.token, 'fillRequirement', {
        params: { requirementId: requirement.requirementId },
        body: { outcome: { kind: 'bisn-listing', listingId: listing.listingId } },
      }),
    );
    expect(filled.requirement).toMatchObject({ status: 'filled', outcome: { kind: 'bisn-listing', listingId: listing.listingId, listingTitle: listing.title } });
    expect(await browse(requirement.title)).toEqual([]);
    expect(await activeCount()).toBe(before - 1);
    const seen = await read(other, requirement.requirementId);
    expect([seen.status, seen.outcome]).toEqual(['filled', null]);
    // Final: not filled twice, not withdrawn after, not renewed.
    for (const route of ['fillRequirement', 'withdrawRequirement', 'renewRequirement'] as const) {
      expect((await call(stack, owner.token, route, { params: { requirementId: requirement.requirementId }, body: route === 'fillRequirement' ? {} : undefined })).status).toBe(409);
    }
  });

  it('withdraws a pending requirement: it is never broadcast', async () => {
    const requirement = await createRequirement(stack, owner);
    const mails = (await readMailStore(stack)).length;
    expect((await expectOk(call<{ requirement: Requirement }>(stack, owner.token, 'withdrawRequirement', { params: { requirementId: requirement.requirementId } }))).requirement.status).toBe('withdrawn');
    await runBroadcast();
    expect((await readMailStore(stack)).length).toBe(mails);
    expect((await read(owner, requirement.requirementId)).sentAt).toBeNull();
    expect((await call(stack, other.token, 'getRequirement', { params: { requirementId: requirement.requirementId } })).status).toBe(404);
  });

  it('others cannot change it: 403 once sent, 404 before; operators neither (they remove it)', async () => {
    const requirement = await sent();
    const pending = await createRequirement(stack, owner);
    for (const broker of [other, operator]) {
      expect((await call(stack, broker.token, 'withdrawRequirement', { params: { requirementId: requirement.requirementId } })).status).toBe(403);
      expect((await call(stack, broker.token, 'withdrawRequirement', { params: { requirementId: pending.requirementId } })).status).toBe(404);
    }
    expect((await read(owner, requirement.requirementId)).status).toBe('sent');
  });

  it('My requirements filters by status', async () => {
    const requirement = await sent();
    await expectOk(call(stack, owner.token, 'withdrawRequirement', { params: { requirementId: requirement.requirementId } }));
    const page = await expectOk(call<RequirementPage>(stack, owner.token, 'listMyRequirements', { params: { userId: owner.userId }, query: { status: 'withdrawn', limit: 25 } }));
    expect(page.items.length).toBeGreaterThanOrEqual(1);
    expect(new Set(page.items.map((r) => r.status))).toEqual(new Set(['withdrawn']));
  });
});

// Each step runs the reminder and expiry jobs over the file's table: 15 s on a quiet machine, 60 s on a loaded one.
const JOB_RUNS_TIMEOUT_MS = 240_000;

describe('expiry and reminders', () => {
  it('reminds 7 days and 1 day before, once each even when the job runs twice; expires at 90 days, not a minute before; renewing from the link brings it back', async () => {
    const requirement = await sent();
    const reminders = async () => (await readMailStore(stack)).filter((m) => m.to.includes(owner.email) && m.subject.startsWith(`Your requirement “${requirement.title}”`));

    await runJob('send-reminders', at(82));
    expect(await reminders()).toEqual([]);
    await runJob('send-reminders', at(83.5));
    await runJob('send-reminders', at(83.6));
    expect((await reminders()).map((m) => m.subject)).toEqual([`Your requirement “${requirement.title}” expires in 7 days`]);
    await runJob('send-reminders', at(89.2));
    await runJob('send-reminders', at(89.3));
    expect((await reminders()).map((m) => m.subject).at(-1)).toBe(`Your requirement “${requirement.title}” expires in 1 day`);
    expect((await reminders()).length).toBe(2);

    await runJob('expire-listings', at(89.99));
    expect((await read(owner, requirement.requirementId)).status).toBe('sent');
    await runJob('expire-listings', at(90.01));
    expect((await read(owner, requirement.requirementId)).status).toBe('expired');
    expect(await browse(requirement.title)).toEqual([]);

    // The 1-day reminder's link: read it (changes nothing), use it (renews), use it again (refused).
    const [mail] = (await readReceivedMails(stack)).filter((m) => m.subject === `Your requirement “${requirement.title}” expires in 1 day`);
    const token = new URL(/href="([^"]*\/renew\?token=[^"]*)"/.exec(mail!.html)![1]!.replaceAll('&amp;', '&')).searchParams.get('token')!;
    expect(await expectOk(call(stack, null, 'getRenewLink', { query: { token } }))).toMatchObject({ state: 'ready', kind: 'requirement', id: requirement.requirementId });
    expect((await read(owner, requirement.requirementId)).status).toBe('expired');
    const renewed = await expectOk(call<{ state: string; expiresAt: string }>(stack, null, 'useRenewLink', { query: { token } }));
    expect(renewed.state).toBe('renewed');
    expect(Date.parse(renewed.expiresAt) - Date.now()).toBeGreaterThan(89 * DAY_MS);
    expect((await read(owner, requirement.requirementId)).status).toBe('sent');
    expect((await browse(requirement.title)).length).toBe(1);
    const again = await call(stack, null, 'useRenewLink', { query: { token } });
    expect(again.status).toBe(409);
    expect(String(again.body.message)).toMatch(/already been used/);
    expect(await expectOk(call(stack, null, 'getRenewLink', { query: { token } }))).toMatchObject({ state: 'used' });
  }, JOB_RUNS_TIMEOUT_MS);

  it('a forged or expired renew link says so and changes nothing', async () => {
    const requirement = await sent();
    const url = await renewLinkUrl({ kind: 'requirement', id: requirement.requirementId }, at(-15));
    const expired = new URL(url).searchParams.get('token')!;
    expect(await expectOk(call(stack, null, 'getRenewLink', { query: { token: expired } }))).toMatchObject({ state: 'expired' });
    expect((await call(stack, null, 'useRenewLink', { query: { token: expired } })).status).toBe(400);
    const forged = `${expired.slice(0, -4)}AAAA`;
    expect(await expectOk(call(stack, null, 'getRenewLink', { query: { token: forged } }))).toMatchObject({ state: 'invalid' });
    expect((await call(stack, null, 'useRenewLink', { query: { token: forged } })).status).toBe(400);
    const current = await read(owner, requirement.requirementId);
    expect([current.status, current.expiresAt]).toEqual(['sent', requirement.expiresAt]);
  });

  it('SES refusing a reminder: the next run sends it, once', async () => {
    const requirement = await sent();
    const subject = `Your requirement “${requirement.title}” expires in 7 days`;
    const fault = failSends(ses(), () => true, throttled);
    undo.push(fault.restore);
    const refused = (await runJob('send-reminders', at(83.5))) as { requirements: { failed: number } };
    fault.restore();
    expect(refused.requirements.failed).toBeGreaterThanOrEqual(1);
    expect((await readMailStore(stack)).filter((m) => m.subject === subject)).toEqual([]);
    await runJob('send-reminders', at(83.6));
    await runJob('send-reminders', at(83.7));
    expect((await readMailStore(stack)).filter((m) => m.subject === subject).length).toBe(1);
  });
});

describe('a reminder run that crashes', () => {
  it('after claiming a reminder and before SES answered: the next run does not send it again (at most once)', async () => {
    const requirement = await sent();
    const subject = `Your requirement “${requirement.title}” expires in 7 days`;
    // The crash: the ledger holds the claim a run writes before asking SES; the run died there.
    const activeFrom = requirement.sentAt!;
    expect(await remindersRepository.claim(`REQ#${requirement.requirementId}`, activeFrom, 7)).toBe(true);
    await runJob('send-reminders', at(83.5));
    await runJob('send-reminders', at(83.6));
    expect((await readMailStore(stack)).filter((m) => m.subject === subject)).toEqual([]);
    // The 1-day reminder is its own claim: it still goes out, once.
    await runJob('send-reminders', at(89.5));
    await runJob('send-reminders', at(89.6));
    expect((await readMailStore(stack)).filter((m) => m.subject === `Your requirement “${requirement.title}” expires in 1 day`).length).toBe(1);
  });
});

describe('the daily jobs across a weekend and a DST change', () => {
  it('a requirement expiring on the morning US clocks spring forward gets its two reminders once each, then expires', async () => {
    // Sent 90 days before Sunday 14 March 2027, 09:00 Pacific (16:00 UTC, before the change; 17:00 UTC after it).
    const sentAt = new Date(Date.parse('2027-03-14T16:00:00.000Z') - 90 * DAY_MS).toISOString();
    const requirementId = randomUUID();
    const record = {
      requirementId,
      userId: owner.userId,
      title: `Across DST ${requirementId.slice(0, 6)}`,
      status: 'sent' as const,
      requirementTypeId: 'for-lease' as const,
      propertyTypeId: 'office' as const,
      marketIds: ['sac-midtown'],
      sqftMin: null,
      sqftMax: null,
      timing: 'Now',
      description: '',
      highlights: [],
      createdAt: sentAt,
      updatedAt: sentAt,
      sentAt,
    };
    await requirementsRepository.create(record);
    await requirementsRepository.writeIndex(record);
    const subjects = async () => (await readMailStore(stack)).filter((m) => m.subject.includes(record.title)).map((m) => m.subject);

    // Every day at 08:00 in Sacramento from Friday 5 March to Monday 15 March, twice each (a retried run).
    for (let day = 5; day <= 15; day++) {
      const at = new TZDate(2027, 2, day, 8, 0, 0, 'America/Los_Angeles');
      await runJob('send-reminders', at);
      await runJob('send-reminders', at);
      await runJob('expire-listings', at);
    }
    expect(await subjects()).toEqual([`Your requirement “${record.title}” expires in 7 days`, `Your requirement “${record.title}” expires in 1 day`]);
    expect((await read(owner, requirementId)).status).toBe('expired');
  });
});
