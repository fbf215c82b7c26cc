import type { MiddlewareStack } from '@smithy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Requirement, RequirementPage } from '../../../shared/api';
import type { LocalStack } from '../../../lib/local/stack';
import { unsubscribeLinks } from '../../../lambdas/domain/mail';
import { senderPostalAddress } from '../../../shared/catalog/product';
import {
  call,
  createRequirement,
  expectOk,
  mailCount,
  readReceivedMails,
  newApprovedBroker,
  newUser,
  readMailStore,
  runBroadcast,
  startStack,
  type Broker,
} from './support';

/**
 * The broadcast against the local emulators: who gets a requirement, and what happens when SES fails half
 * way or a run dies before it marks the requirement sent. Faults are injected into the AWS SDK clients of
 * this process (the job runs here), never into our own code.
 */

let stack: LocalStack;
let operator: Broker;
let author: Broker;
let reader: Broker;
let unsubscribedOffice: Broker;
let retailOnly: Broker;
let unapproved: Broker;
let disabled: Broker;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'operator', { operator: true });
  [author, reader, unsubscribedOffice, retailOnly, disabled, unapproved] = await Promise.all([
    newApprovedBroker(stack, operator, 'author'),
    newApprovedBroker(stack, operator, 'reader'),
    newApprovedBroker(stack, operator, 'unsubscribed'),
    newApprovedBroker(stack, operator, 'retailonly'),
    newApprovedBroker(stack, operator, 'disabled'),
    newUser(stack, 'unapproved'),
  ]);
  const subscriptions = (broker: Broker, list: { subscriptionId: string; subscribed: boolean }[]) =>
    expectOk(call(stack, broker.token, 'updateSubscriptions', { params: { userId: broker.userId }, body: { subscriptions: list } }));
  await subscriptions(unsubscribedOffice, [{ subscriptionId: 'office-requirements', subscribed: false }]);
  const { subscriptionCategories } = await import('../../../shared/catalog');
  await subscriptions(
    retailOnly,
    subscriptionCategories.map((c) => ({ subscriptionId: c.id, subscribed: c.id === 'retail-requirements' })),
  );
  await expectOk(call(stack, operator.token, 'adminDisableUser', { params: { userId: disabled.userId } }));
});

afterAll(async () => stack?.stop());

const subjectOf = (requirement: Requirement) => `New ${requirement.propertyType.name} requirement: ${requirement.title}`;

/** How many copies of a requirement's broadcast each address received. */
async function copies(requirement: Requirement): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const mail of await readMailStore(stack)) {
    if (mail.subject !== subjectOf(requirement)) continue;
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function statusOf(requirement: Requirement) {
  const { body } = await call<{ requirement: Requirement }>(stack, author.token, 'getRequirement', {
    params: { requirementId: requirement.requirementId },
  });
  return body.requirement.status;
}

describe('who receives a requirement', () => {
  it('mails every approved broker subscribed to the property type’s Requirements category, except its author', async () => {
    const office = await createRequirement(stack, author, { propertyTypeId: 'office' });
    const retail = await createRequirement(stack, reader, { propertyTypeId: 'retail' });
    await runBroadcast();

    const officeCopies = await copies(office);
    expect(Object.fromEntries(officeCopies)).toEqual({ [reader.email]: 1 });
    for (const excluded of [author, unsubscribedOffice, retailOnly, unapproved, disabled, operator]) {
      expect(officeCopies.has(excluded.email)).toBe(false);
    }
    // Unsubscribing from Office Requirements leaves the other categories on.
    expect(Object.fromEntries(await copies(retail))).toEqual({
      [author.email]: 1,
      [unsubscribedOffice.email]: 1,
      [retailOnly.email]: 1,
    });
  });
});

describe('the mail as a client reads it', () => {
  it('has HTML and text parts, every value the author typed escaped, the postal address and the category’s one-click opt-out', async () => {
    const nasty = `<script>alert("x")</script> & 'quotes'`;
    await expectOk(
      call(stack, author.token, 'updatePersonalInfo', {
        params: { userId: author.userId },
        body: { firstName: `Ana ${nasty}`, lastName: 'Lopez', phone: '9165550188', title: `Title ${nasty}`, license: '' },
      }),
    );
    await expectOk(call(stack, author.token, 'updateBrokerInfo', { params: { userId: author.userId }, body: { name: `Firm ${nasty}`, address1: '1 K St' } }));
    const requirement = await createRequirement(stack, author, {
      propertyTypeId: 'office',
      title: `Wanted ${nasty}`,
      timing: `Soon ${nasty}`,
      description: `Line one ${nasty}\nLine two`,
      highlights: [`Highlight ${nasty}`, '', '', '', ''],
    });
    const before = await mailCount(stack);
    await runBroadcast();
    const [mail, ...others] = (await readReceivedMails(stack, before)).filter((m) => m.to.includes(reader.email));
    expect(others).toEqual([]);
    expect(mail!.subject).toBe(subjectOf(requirement));
    expect(mail!.html.length).toBeGreaterThan(0);
    expect(mail!.html).not.toContain('<script>');
    for (const part of [mail!.visibleHtml, mail!.text]) {
      for (const value of [`Wanted ${nasty}`, `Soon ${nasty}`, `Line one ${nasty}`, `Highlight ${nasty}`, `Ana ${nasty} Lopez`, `Title ${nasty}`, `Firm ${nasty}`]) {
        expect(part).toContain(value);
      }
      expect(part).toContain(senderPostalAddress);
    }
    const links = await unsubscribeLinks(reader.email, 'office-requirements');
    expect(mail!.header('List-Unsubscribe')).toBe(`<${links.oneClickUrl}>`);
    expect(mail!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain(`href="${links.pageUrl}"`);
    expect(mail!.text).toContain(links.pageUrl);
  });
});

describe('faults', () => {
  const sesStack = async () => (await import('../../../lambdas/core/aws')).ses().middlewareStack as MiddlewareStack<object, object>;
  const dbStack = async () =>
    (await import('../../../lambdas/core/aws')).documentClient().middlewareStack as unknown as MiddlewareStack<object, object>;

  afterEach(async () => {
    (await sesStack()).remove('faultInjection');
    (await dbStack()).remove('faultInjection');
  });

  it('SES failing half way: nothing is lost and nobody gets it twice when the batch comes back', async () => {
    const more = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => newApprovedBroker(stack, operator, `extra${i}`)));
    const expected = [reader, ...more].map((b) => b.email).sort();
    const requirement = await createRequirement(stack, author, { propertyTypeId: 'office' });

    // SES accepts the first three messages, then is unavailable for the rest of that delivery of the batch.
    let accepted = 0;
    let refused = 0;
    (await sesStack()).add(
      (next) => async (args) => {
        if (accepted >= 3 && refused < expected.length - 3) {
          refused++;
          throw Object.assign(new Error('injected: SES unavailable'), { name: 'ServiceUnavailableException' });
        }
        accepted++;
        return next(args);
      },
      { step: 'initialize', name: 'faultInjection' },
    );
    const report = await runBroadcast();
    expect(report.requirements).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: expected.length }]);
    expect(refused).toBe(expected.length - 3);
    const received = await copies(requirement);
    expect([...received.keys()].sort()).toEqual(expected);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
    const { requirementsRepository } = await import('../../../lambdas/data/requirements');
    const ledger = await requirementsRepository.deliveries(requirement.requirementId);
    expect(ledger.map((d) => d.state)).toEqual(expected.map(() => 'sent'));
    expect(await statusOf(requirement)).toBe('sent');
  });

  it('a run that dies before marking it sent leaves it processing; after the lease the next run finishes without re-mailing', async () => {
    const requirement = await createRequirement(stack, author, { propertyTypeId: 'office' });
    const isMarkSent = (input: Record<string, unknown>) =>
      String(input.UpdateExpression ?? '').includes('REMOVE gsi2pk') && String(input.ConditionExpression ?? '').includes('leaseId');
    (await dbStack()).add(
      (next) => async (args) => {
        if (isMarkSent((args as { input: Record<string, unknown> }).input)) throw new Error('injected: DynamoDB unreachable');
        return next(args);
      },
      { step: 'initialize', name: 'faultInjection', priority: 'high' },
    );
    const crashed = await runBroadcast();
    expect(crashed.requirements).toEqual([{ requirementId: requirement.requirementId, result: 'failed', recipients: 0 }]);
    (await dbStack()).remove('faultInjection');
    const mailedOnce = await copies(requirement);
    expect(mailedOnce.size).toBeGreaterThan(0);
    expect(await statusOf(requirement)).toBe('processing');

    // Still under the crashed run's lease: left alone.
    expect((await runBroadcast()).requirements).toEqual([]);
    // Three minutes later the lease has lapsed: picked up again (its mails enqueued again), nobody mailed twice, then sent and listed.
    const later = new Date(Date.now() + 3 * 60_000).toISOString();
    const resumed = await runBroadcast({ time: later });
    expect(resumed.requirements).toEqual([{ requirementId: requirement.requirementId, result: 'sent', recipients: mailedOnce.size }]);
    expect(await copies(requirement)).toEqual(mailedOnce);
    expect(await statusOf(requirement)).toBe('sent');
    const page = await expectOk(call<RequirementPage>(stack, reader.token, 'listRequirements', { query: { propertyTypeId: 'office' } }));
    expect(page.items.filter((r) => r.requirementId === requirement.requirementId)).toHaveLength(1);
  });

  it('two runs at the same time mail each broker once', async () => {
    const requirement = await createRequirement(stack, reader, { propertyTypeId: 'office' });
    const reports = await Promise.all([runBroadcast(), runBroadcast(), runBroadcast()]);
    expect(reports.flatMap((r) => r.requirements).filter((r) => r.result === 'sent')).toHaveLength(1);
    const received = await copies(requirement);
    expect(received.size).toBeGreaterThanOrEqual(7);
    expect([...received.values()].every((n) => n === 1)).toBe(true);
  });
});
