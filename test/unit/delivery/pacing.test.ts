import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacer } from '../../../lambdas/domain/delivery/pacing';
import { useMailEnv } from '../mail/mail-env';

// The workers' pace (docs/DECISIONS.md "The weekday blast and the delivery queue"): sends evenly spaced at the rate, never a burst,
// and no catching up after a pause. Fake clocks: the spacing is checked to the millisecond, not timed.
describe('the send pacer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Starts `count` paced calls at once; `released()` says which of them have got their slot so far. */
  function startCalls(pace: () => Promise<void>, count: number) {
    const done: number[] = [];
    for (let i = 0; i < count; i++) void pace().then(() => done.push(i));
    return { released: () => [...done] };
  }

  /** Moves the fake clock on by each step's milliseconds and checks which calls have their slot by then. */
  async function expectReleases(calls: { released(): number[] }, steps: [advanceMs: number, released: number[]][]) {
    for (const [ms, released] of steps) {
      await vi.advanceTimersByTimeAsync(ms);
      expect(calls.released(), `after ${ms} ms more`).toEqual(released);
    }
  }

  it('lets the first call through at once and spaces the next ones 1/rate apart', async () => {
    await expectReleases(startCalls(pacer(10), 3), [
      [0, [0]],
      [99, [0]],
      [1, [0, 1]],
      [99, [0, 1]],
      [1, [0, 1, 2]],
    ]);
  });

  it('does not make up for a pause with a burst', async () => {
    const pace = pacer(10);
    await expectReleases(startCalls(pace, 1), [[0, [0]]]);
    await vi.advanceTimersByTimeAsync(1_000);
    await expectReleases(startCalls(pace, 2), [
      [0, [0]],
      [99, [0]],
      [1, [0, 1]],
    ]);
  });
});

// The rate comes from SES's GetAccount, answered at the SDK client: no AWS call leaves the test.
describe("a worker's share of the account's send rate", () => {
  beforeEach(() => {
    useMailEnv();
    vi.stubEnv('AWS_REGION', 'us-west-2');
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  /** SES answers GetAccount with each of `answers` in turn (an Error is thrown); how many times it was asked. */
  function accountAnswers(...answers: (number | undefined | Error)[]) {
    let asked = 0;
    vi.spyOn(SESv2Client.prototype, 'send').mockImplementation(async (command: unknown) => {
      if (!(command instanceof GetAccountCommand)) throw new Error('only GetAccount is expected');
      const answer = answers[Math.min(asked++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return { SendQuota: answer === undefined ? {} : { MaxSendRate: answer } } as never;
    });
    return { asked: () => asked };
  }

  it('reads MaxSendRate once; an answer without one is refused, and the next call asks again', async () => {
    const ses = accountAnswers(undefined, 0, -3, 40);
    const { maxSendRate } = await import('../../../lambdas/domain/delivery/pacing');
    await expect(maxSendRate()).rejects.toThrow('SES GetAccount gave no MaxSendRate');
    await expect(maxSendRate()).rejects.toThrow('SES GetAccount gave no MaxSendRate');
    await expect(maxSendRate()).rejects.toThrow('SES GetAccount gave no MaxSendRate');
    expect(await maxSendRate()).toBe(40);
    expect(await maxSendRate()).toBe(40);
    expect(ses.asked()).toBe(4);
  });

  it('asks again after a failed GetAccount', async () => {
    const ses = accountAnswers(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }), 40);
    const { maxSendRate } = await import('../../../lambdas/domain/delivery/pacing');
    await expect(maxSendRate()).rejects.toThrow('Rate exceeded');
    expect(await maxSendRate()).toBe(40);
    expect(ses.asked()).toBe(2);
  });

  it("paces each of the two workers to 90 % of half the account's rate, one pace per container", async () => {
    accountAnswers(20);
    const { workerPacer, maxSendRate } = await import('../../../lambdas/domain/delivery/pacing');
    await maxSendRate();
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    // 20 mails/s × 0.9 ÷ 2 workers = 9 a second: one slot every 111.1 ms (a timer's delay is whole milliseconds).
    let released = 0;
    void (await workerPacer())().then(() => released++);
    await vi.advanceTimersByTimeAsync(0);
    expect(released).toBe(1);
    // A later invocation of the same container keeps to the same pace: no fresh start, no burst.
    void (await workerPacer())().then(() => released++);
    await vi.advanceTimersByTimeAsync(110);
    expect(released).toBe(1);
    await vi.advanceTimersByTimeAsync(2);
    expect(released).toBe(2);
  });
});
