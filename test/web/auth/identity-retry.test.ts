import { describe, expect, it } from 'vitest';
import { resendSignUpCode } from '@/features/auth/auth-service';
import { json } from '../support/fake-backend';
import { cognitoError, fakeBackends } from './fake-cognito';

/**
 * Spec 01 §7, §9: identity calls retry with exponential backoff, base 100 ms, exponent 2, jitter up to
 * 100 ms, 5 s cap. Amplify's own retry does it (docs/DECISIONS.md "Identity and users"); this pins what it
 * does against the identity provider's throttling answer.
 */
async function throttledTimes(refusals: number) {
  const at: number[] = [];
  await fakeBackends(() => {
    at.push(performance.now());
    return at.length <= refusals ? cognitoError('TooManyRequestsException', 'Too many requests') : json(200, { CodeDeliveryDetails: {} });
  });
  const started = performance.now();
  const outcome = await resendSignUpCode('ada@example.com').then(
    () => 'sent',
    (error: unknown) => (error instanceof Error ? error.name : 'failed'),
  );
  return { outcome, gaps: at.slice(1).map((t, i) => t - at[i]!), total: performance.now() - started, attempts: at.length };
}

describe('identity calls retry with backoff (spec 01 §9)', { timeout: 30_000 }, () => {
  it('waits 2ⁿ × 100 ms plus up to 100 ms of jitter before attempt n + 1, and succeeds on the third', async () => {
    const { outcome, gaps, attempts, total } = await throttledTimes(2);
    expect(outcome).toBe('sent');
    expect(attempts).toBe(3);
    // Timers fire late on a busy machine, never early; 150 ms of slack above the jitter.
    expect(gaps[0]).toBeGreaterThanOrEqual(200 - 5);
    expect(gaps[0]).toBeLessThan(300 + 150);
    expect(gaps[1]).toBeGreaterThanOrEqual(400 - 5);
    expect(gaps[1]).toBeLessThan(500 + 150);
    expect(total).toBeLessThan(5000);
  });

  it('gives up after three attempts, well within the 5 s cap', async () => {
    const { outcome, attempts, total } = await throttledTimes(10);
    expect(outcome).toBe('TooManyRequestsException');
    expect(attempts).toBe(3);
    expect(total).toBeLessThan(5000);
  });
});
