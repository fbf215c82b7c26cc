import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient } from '../../../lambdas/core/aws';
import { sesFeedbackEventOf } from '../../../lib/local/events';
import type { LocalStack } from '../../../lib/local/stack';
import type { AdminUser, User } from '../../../shared/api';
import { queuedListing, runBlastJob } from '../listings/support';
import { failSends, throttled } from '../quality/support';
import { call, createRequirement, expectOk, newApprovedBroker, newUser, readMailStore, runBroadcast, startStack, type Broker } from '../requirements/support';

// Issue 12.3: SES's bounce and complaint events, in the shapes SES publishes them to EventBridge, fed to the
// handler the cloud's rule invokes (lambdas/events/mail-feedback.ts), against the local stack.
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

const { handler } = await import('../../../lambdas/events/mail-feedback');
const feed = (event: unknown) => handler(event);
const me = async (broker: Broker) => (await expectOk(call<{ user: User }>(stack, broker.token, 'getUserByCognitoId', { params: { cognitoId: broker.userId } }))).user;
/** Broadcasts a new requirement and answers whether `broker` received it. */
async function receivesBroadcast(broker: Broker): Promise<boolean> {
  const requirement = await createRequirement(stack, author, { title: `Feedback check ${Date.now()}` });
  await runBroadcast();
  return (await readMailStore(stack)).some((m) => m.to.includes(broker.email) && m.subject.includes(requirement.title));
}

describe('SES bounces and complaints', () => {
  it('a hard bounce stops all mail to the address, once, with SES’s reason; the broker resumes it', async () => {
    const broker = await newApprovedBroker(stack, operator, 'bounced');
    expect(await receivesBroadcast(broker)).toBe(true);

    const event = sesFeedbackEventOf('Bounce', broker.email, { diagnosticCode: 'smtp; 550 5.1.1 mailbox unavailable' });
    expect(await feed(event)).toEqual({ outcomes: [{ address: broker.email, result: 'stopped' }] });
    // EventBridge delivers at least once: the same event again changes nothing.
    expect(await feed(event)).toEqual({ outcomes: [{ address: broker.email, result: 'already stopped' }] });
    const stopped = (await me(broker)).mailStop;
    expect(stopped).toMatchObject({ reason: 'bounce', detail: 'smtp; 550 5.1.1 mailbox unavailable' });

    expect(await receivesBroadcast(broker)).toBe(false);
    // Nor the weekday blast, which another broker does receive.
    await newApprovedBroker(stack, operator, 'blastreader');
    const listing = await queuedListing(stack, author, { title: `Feedback blast ${Date.now()}` });
    await runBlastJob();
    const digests = (await readMailStore(stack)).filter((m) => m.html?.includes(listing.listingId));
    expect(digests.length).toBeGreaterThan(0);
    expect(digests.filter((m) => m.to.includes(broker.email))).toEqual([]);
    // The operator page's list says why.
    const queue = await expectOk(call<{ items: AdminUser[] }>(stack, operator.token, 'adminListUsers', { query: { status: 'active', limit: 25 } }));
    expect(queue.items.find((u) => u._id === broker.userId)?.mailStop).toEqual(stopped);

    expect((await expectOk(call<{ user: User }>(stack, broker.token, 'resumeMail', { params: { userId: broker.userId } }))).user.mailStop).toBeNull();
    expect(await receivesBroadcast(broker)).toBe(true);
  });

  it('a complaint stops mail too; a transient bounce, an unknown address and an unreadable event change nothing', async () => {
    const broker = await newApprovedBroker(stack, operator, 'complained');
    expect(await feed(sesFeedbackEventOf('Bounce', broker.email, { bounceType: 'Transient' }))).toEqual({ outcomes: [] });
    expect((await me(broker)).mailStop).toBeNull();
    expect(await feed(sesFeedbackEventOf('Bounce', 'nobody-here@example.com'))).toEqual({ outcomes: [{ address: 'nobody-here@example.com', result: 'no account' }] });
    expect(await feed({ source: 'aws.ses', detail: { eventType: 'Delivery' } })).toEqual({ outcomes: [] });

    expect(await feed(sesFeedbackEventOf('Complaint', broker.email.toUpperCase()))).toEqual({ outcomes: [{ address: broker.email.toUpperCase(), result: 'stopped' }] });
    expect((await me(broker)).mailStop).toMatchObject({ reason: 'complaint', detail: 'marked as abuse' });
    expect(await receivesBroadcast(broker)).toBe(false);
  });

  it('throttled writes fail the delivery (EventBridge retries it); the retry stops the mail once', async () => {
    const broker = await newApprovedBroker(stack, operator, 'throttledfeedback');
    const event = sesFeedbackEventOf('Bounce', broker.email);
    const fault = failSends(documentClient(), (_call, command) => command.constructor.name === 'UpdateCommand', throttled);
    try {
      await expect(feed(event)).rejects.toThrow(/injected/);
    } finally {
      fault.restore();
    }
    expect((await me(broker)).mailStop).toBeNull();
    expect(await feed(event)).toEqual({ outcomes: [{ address: broker.email, result: 'stopped' }] });
  });
});
