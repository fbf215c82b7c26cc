import { describe, expect, it } from 'vitest';
import { assetUrl, loadRuntimeConfig } from '@/config/runtime-config';
import { signInAuthFlow } from '@/lib/amplify';
import { amplifyConfig, assertUserPoolConfig } from '@/lib/amplify-session';
import { stubFetch, testConfig } from '../support/fake-backend';

describe('runtime configuration', () => {
  it('loads /runtime-config.json and trims trailing slashes', async () => {
    stubFetch(undefined, testConfig);

    const config = await loadRuntimeConfig();

    expect(config.apiUrl).toBe('https://api.example.test');
    expect(assetUrl('users/u1/profile.webp')).toBe('https://assets.example.test/users/u1/profile.webp');
  });

  it('refuses a configuration without an API URL, naming the field', async () => {
    const { apiUrl: _omitted, ...withoutApi } = testConfig;
    stubFetch(undefined, withoutApi);

    await expect(loadRuntimeConfig()).rejects.toThrow(/apiUrl/);
  });
});

describe('Amplify configuration', () => {
  const config = { ...testConfig, apiUrl: 'https://api.example.test' };

  it('uses the pool and client, signs in by e-mail, and points at the local emulator when given', () => {
    expect(amplifyConfig(config).Auth?.Cognito).toEqual({
      userPoolId: testConfig.userPoolId,
      userPoolClientId: testConfig.userPoolClientId,
      loginWith: { email: true },
    });
    const local = { ...config, cognitoEndpoint: 'http://localhost:9229' };
    expect(amplifyConfig(local).Auth?.Cognito).toMatchObject({ userPoolEndpoint: 'http://localhost:9229' });
    expect(signInAuthFlow(local)).toBe('USER_PASSWORD_AUTH');
    expect(signInAuthFlow(config)).toBe('USER_SRP_AUTH');
  });

  it('rejects a bad pool configuration with the spec messages', () => {
    expect(() => assertUserPoolConfig({ userPoolId: '', userPoolClientId: 'client' })).toThrow(
      'Both UserPoolId and ClientId are required.',
    );
    expect(() => assertUserPoolConfig({ userPoolId: 'no-underscore', userPoolClientId: 'client' })).toThrow(
      'Invalid UserPoolId format.',
    );
  });
});
