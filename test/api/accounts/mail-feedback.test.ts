import { randomUUID } from 'node:crypto';
import { GetSuppressedDestinationCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, ses } from '../../../lambdas/core/aws';
import { resumeMail } from '../../../lambdas/domain/users';
import { sesFeedbackEventOf } from '../../../lib/local/events';
import type { MailboxAnswer } from '../../../lib/local/ses';
import type { LocalStack } from '../../../lib/local/stack';
import type { AdminUser, User } from '../../../shared/api';
import { queuedListing, runBlastJob } from '../listings/support';
import { failSends, sesUnavailable, throttled } from '../quality/support';
import { call, createRequirement, expectOk, newApprovedBroker, newUser, readMailStore, runBroadcast, startStack, type Broker } from '../requirements/support';

// SES's bounces and complaints, end to end on the local stack: a mail BISN sends to an address
// that bounces or complains makes the local SES publish SES's EventBridge event through the configuration
// set; the local event bus hands it to mailFeedback (lambdas/events/mail-feedback.ts) by the cloud's rule.
let stack: LocalStack;
let operator: Broker;
let author: Broker;

beforeAll(async () => {
  stack = await startStack();
  operator = await newUser(stack, 'feedbackop', { operator: true });
  await expectOk(call(stack, operator.token, 'adminApproveUser', { params: { userId: operator.userId } }));
  author = await newApprovedBroker(stack, operator, 'feedbackauthor');
}, 60_000);
afterAll(async () => stack?.stop());

type Outcomes = { outcomes: { address: string; result: string }[] } | undefined;
/** Through the bus, as EventBridge delivers: undefined when no rule of the stack matches the event. */
const deliver = (event: unknown) => stack.events.deliver(event) as Promise<Outcomes>;
const me = async (broker: Broker) => (await expectOk(call<{ user: User }>(stack, broker.token, 'getUserByCognitoId', { params: { cognitoId: broker.userId } }))).user;
/** How the broker's mail server answers from now on (the local SES's mailboxes). */
async function mailboxAnswers(address: string, answer: MailboxAnswer) {
  const response = await fetch(`${stack.urls.ses}/mailboxes/${encodeURIComponent(address)}`, { method: 'PUT', body: JSON.stringify({ answer }) });
  expect(response.status).toBe(204);
}
/** Why SES's account-level suppression list holds the address, or null. */
async function suppressedFor(address: string): Promise<string | null> {
  try {
    return (await ses().send(new GetSuppressedDestinationCommand({ EmailAddress: address }))).SuppressedDestination?.Reason ?? null;
  } catch (error) {
    if ((error as Error).name === 'NotFoundException') return null;
    throw error;
  }
}
/** Broadcasts a new requirement and answers whether SES sent it to `broker`; what SES reports back is delivered before it answers. */
async function receivesBroadcast(broker: Broker): Promise<boolean> {
  const requirement = await createRequirement(stack, author, { title: `Feedback check ${randomUUID().slice(0, 8)}` });
  await runBroadcast();
  await stack.events.settled();
  return (await readMailStore(stack)).some((m) => m.to.includes(broker.email) && m.subject.includes(requirement.title));
}
const mailsTo = async (address: string) => (await readMailStore(stack)).filter((m) => m.to.includes(address)).length;
const simulator = (kind: 'bounce' | 'complaint') => `${kind}+${randomUUID().slice(0, 8)}@simulator.amazonses.com`;

describe('SES bounces and complaints, through the local SES and event bus', () => {
  it('a mailbox that bounces stops all mail to it, with SES’s reason; the broker fixes it, resumes, and SES sends again', async () => {
    const broker = await newApprovedBroker(stack, operator, 'bounced');
    await mailboxAnswers(broker.email, 'bounce');
    expect(await receivesBroadcast(broker)).toBe(true); // SES sent it; the mailbox bounced it
    const stopped = (await me(broker)).mailStop;
    expect(stopped).toMatchObject({ reason: 'bounce', detail: 'smtp; 550 5.1.1 user unknown' });
    expect(await suppressedFor(broker.email)).toBe('BOUNCE');

    expect(await receivesBroadcast(broker)).toBe(false);
    // Nor the weekday blast, which another broker does receive.
    await newApprovedBroker(stack, operator, 'blastreader');
    const listing = await queuedListing(stack, author, { title: `Feedback blast ${Date.now()}` });
    await runBlastJob();
    const digests = (await readMailStore(stack)).filter((m) => m.html?.includes(listing.listingId));
    expect(digests.length).toBeGreaterThan(0);
    expect(digests.filter((m) => m.to.includes(broker.email))).toEqual([]);
    // Nor the unsubscribe form's link, whose answer stays the one every address gets.
    const before = await mailsTo(broker.email);
    expect((await call(stack, null, 'unsubscribe', { body: { email: broker.email }, clientAddress: '127.9.9.9' })).status).toBe(200);
    expect(await mailsTo(broker.email)).toBe(before);
    // The operator page's list says why.
    const active = await expectOk(call<{ items: AdminUser[] }>(stack, operator.token, 'adminListUsers', { query: { status: 'active', limit: 25 } }));
    expect(active.items.find((u) => u._id === broker.userId)?.mailStop).toEqual(stopped);

    // Fixed at their provider; resuming also takes the address off SES's list, so the next mail leaves SES.
    await mailboxAnswers(broker.email, 'deliver');
    expect((await expectOk(call<{ user: User }>(stack, broker.token, 'resumeMail', { params: { userId: broker.userId } }))).user.mailStop).toBeNull();
    expect(await suppressedFor(broker.email)).toBeNull();
    expect(await receivesBroadcast(broker)).toBe(true);
    expect((await me(broker)).mailStop).toBeNull();
  });

  it('SES’s mailbox simulator: the approval mail to bounce@ stops that account, complaint@ stops its as a complaint; neither is suppressed', async () => {
    const bouncing = await newApprovedBroker(stack, operator, 'simbounce', { email: simulator('bounce') });
    const complaining = await newApprovedBroker(stack, operator, 'simcomplaint', { email: simulator('complaint') });
    await stack.events.settled();
    expect((await me(bouncing)).mailStop).toMatchObject({ reason: 'bounce' });
    expect((await me(complaining)).mailStop).toMatchObject({ reason: 'complaint', detail: 'marked as abuse' });
    expect(await receivesBroadcast(complaining)).toBe(false);
    // SES never lists the simulator's addresses.
    expect([await suppressedFor(bouncing.email), await suppressedFor(complaining.email)]).toEqual([null, null]);
  });

  it('a duplicate event changes nothing twice: one delivery stops the mail, the other finds it stopped, and the first stop is kept', async () => {
    const broker = await newApprovedBroker(stack, operator, 'duplicate');
    const event = sesFeedbackEventOf('Bounce', broker.email, { diagnosticCode: 'smtp; 550 5.1.1 mailbox unavailable' });
    const results = await Promise.all([deliver(event), deliver(event)]);
    expect(results.map((r) => r!.outcomes[0]!.result).sort()).toEqual(['already stopped', 'stopped']);
    const first = (await me(broker)).mailStop;
    expect(first).toMatchObject({ reason: 'bounce', detail: 'smtp; 550 5.1.1 mailbox unavailable' });
    // A later complaint about the same address does not overwrite why it was stopped.
    expect(await deliver(sesFeedbackEventOf('Complaint', broker.email))).toEqual({ outcomes: [{ address: broker.email, result: 'already stopped' }] });
    expect((await me(broker)).mailStop).toEqual(first);
  });

  it('a transient bounce, an unknown address, an unreadable event and another stage’s event change nothing', async () => {
    const broker = await newApprovedBroker(stack, operator, 'unchanged');
    expect(await deliver(sesFeedbackEventOf('Bounce', broker.email, { bounceType: 'Transient' }))).toEqual({ outcomes: [] });
    expect(await deliver(sesFeedbackEventOf('Bounce', 'nobody-here@example.com'))).toEqual({ outcomes: [{ address: 'nobody-here@example.com', result: 'no account' }] });
    // Matched by the rule, not readable by the handler: logged, nothing changed, no retry.
    const unreadable = { source: 'aws.ses', 'detail-type': 'Email Bounced', detail: { eventType: 'Bounce', mail: { tags: { 'ses:configuration-set': ['bisn-local'] } } } };
    expect(await deliver(unreadable)).toEqual({ outcomes: [] });
    // Another configuration set's bounce (another stage in the account) reaches no function of this one.
    expect(await deliver(sesFeedbackEventOf('Bounce', broker.email, { configurationSet: 'bisn-prod-other' }))).toBeUndefined();
    expect((await me(broker)).mailStop).toBeNull();

    expect(await deliver(sesFeedbackEventOf('Complaint', broker.email.toUpperCase()))).toEqual({ outcomes: [{ address: broker.email.toUpperCase(), result: 'stopped' }] });
    expect((await me(broker)).mailStop).toMatchObject({ reason: 'complaint' });
  });
});

describe('faults: nothing lost, nothing done twice', () => {
  it('throttled writes fail the delivery (EventBridge retries it); the retry stops the mail once', async () => {
    const broker = await newApprovedBroker(stack, operator, 'throttledfeedback');
    const event = sesFeedbackEventOf('Bounce', broker.email);
    const fault = failSends(documentClient(), (_call, command) => command.constructor.name === 'UpdateCommand', throttled);
    try {
      await expect(deliver(event)).rejects.toThrow(/injected/);
    } finally {
      fault.restore();
    }
    expect((await me(broker)).mailStop).toBeNull();
    expect(await deliver(event)).toEqual({ outcomes: [{ address: broker.email, result: 'stopped' }] });
  });

  it('a run that dies between the recipients of one bounce is finished by the retry: the rest stopped, the first untouched', async () => {
    const [first, second] = [await newApprovedBroker(stack, operator, 'crashfirst'), await newApprovedBroker(stack, operator, 'crashsecond')];
    const event = sesFeedbackEventOf('Bounce', [first.email, second.email]);
    let updates = 0;
    const fault = failSends(documentClient(), (_call, command) => command.constructor.name === 'UpdateCommand' && ++updates === 2, throttled);
    try {
      await expect(deliver(event)).rejects.toThrow(/injected/);
    } finally {
      fault.restore();
    }
    const stoppedFirst = (await me(first)).mailStop;
    expect(stoppedFirst).toMatchObject({ reason: 'bounce' });
    expect((await me(second)).mailStop).toBeNull();

    expect(await deliver(event)).toEqual({
      outcomes: [
        { address: first.email, result: 'already stopped' },
        { address: second.email, result: 'stopped' },
      ],
    });
    expect((await me(first)).mailStop).toEqual(stoppedFirst);
    expect((await me(second)).mailStop).toMatchObject({ reason: 'bounce' });
  });

  it('when SES cannot lift the suppression, resuming fails and the stop stays; asking again resumes', async () => {
    const broker = await newApprovedBroker(stack, operator, 'resumefault');
    await mailboxAnswers(broker.email, 'bounce');
    await receivesBroadcast(broker);
    await mailboxAnswers(broker.email, 'deliver');
    const principal = { sub: broker.userId, email: broker.email, groups: [], isOperator: false };

    const fault = failSends(ses(), (_call, command) => command.constructor.name === 'DeleteSuppressedDestinationCommand', sesUnavailable);
    try {
      await expect(resumeMail(principal, null)).rejects.toThrow(/injected/);
    } finally {
      fault.restore();
    }
    expect((await me(broker)).mailStop).toMatchObject({ reason: 'bounce' });
    expect(await suppressedFor(broker.email)).toBe('BOUNCE');

    expect((await resumeMail(principal, null)).mailStop).toBeNull();
    expect(await suppressedFor(broker.email)).toBeNull();
    // Again, once resumed: nothing to lift, nothing changes.
    expect((await resumeMail(principal, null)).mailStop).toBeNull();
    expect(await receivesBroadcast(broker)).toBe(true);
  });
});
