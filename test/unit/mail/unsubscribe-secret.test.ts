import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMailEnv } from './mail-env';

// In the cloud the link key is a Secrets Manager secret (UNSUBSCRIBE_SECRET_ARN), read once per cold start.
// Secrets Manager's answer is given at the SDK client: no AWS call leaves the test.

const ARN = 'arn:aws:secretsmanager:us-west-2:123456789012:secret:unsubscribe-AbCdEf';

beforeEach(() => {
  useMailEnv({ UNSUBSCRIBE_SECRET: undefined });
  process.env.UNSUBSCRIBE_SECRET_ARN = ARN;
  process.env.AWS_REGION = 'us-west-2';
  vi.resetModules();
});
afterEach(() => {
  delete process.env.UNSUBSCRIBE_SECRET_ARN;
  delete process.env.AWS_REGION;
  vi.restoreAllMocks();
  useMailEnv();
});

const secretsAnswer = (SecretString: string | undefined) => {
  const calls: { secretId: unknown; region: string }[] = [];
  vi.spyOn(SecretsManagerClient.prototype, 'send').mockImplementation(async function (this: SecretsManagerClient, command: unknown) {
    calls.push({ secretId: (command as GetSecretValueCommand).input.SecretId, region: await this.config.region() });
    return { SecretString } as never;
  });
  return calls;
};

describe('the unsubscribe key from Secrets Manager', () => {
  it('is read from the secret the environment names, in its region, once', async () => {
    const calls = secretsAnswer('secret-from-secrets-manager');
    const { unsubscribeSecret, unsubscribeToken } = await import('../../../lambdas/domain/mail/unsubscribe');
    expect(await unsubscribeSecret()).toBe('secret-from-secrets-manager');
    await unsubscribeToken('ana@example.com');
    expect(calls).toEqual([{ secretId: ARN, region: 'us-west-2' }]);
  });

  it('asks again after a failed read instead of failing every later link', async () => {
    let answers = 0;
    vi.spyOn(SecretsManagerClient.prototype, 'send').mockImplementation(async () => {
      answers++;
      if (answers === 1) throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
      return { SecretString: 'secret-after-a-retry' } as never;
    });
    const { unsubscribeSecret } = await import('../../../lambdas/domain/mail/unsubscribe');
    await expect(unsubscribeSecret()).rejects.toThrow('Rate exceeded');
    expect(await unsubscribeSecret()).toBe('secret-after-a-retry');
    expect(await unsubscribeSecret()).toBe('secret-after-a-retry');
    expect(answers).toBe(2);
  });

  it('refuses an empty secret', async () => {
    secretsAnswer('');
    const { unsubscribeSecret } = await import('../../../lambdas/domain/mail/unsubscribe');
    await expect(unsubscribeSecret()).rejects.toThrow('unsubscribe secret is empty');
  });
});
