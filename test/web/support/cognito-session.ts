import { testConfig } from './fake-backend';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (payload: object) => `${base64url({ alg: 'RS256', kid: 'test' })}.${base64url(payload)}.signature`;

/**
 * Writes a signed-in session where Amplify keeps it (local storage, keyed by client id and user
 * name), as a real sign-in would. Amplify does not verify signatures in the browser, and the tokens
 * are valid for an hour, so no identity-provider call happens.
 */
export function seedCognitoSession({ sub, email }: { sub: string; email: string }) {
  const now = Math.floor(Date.now() / 1000);
  const common = { sub, iss: `https://cognito-idp.us-west-2.amazonaws.com/${testConfig.userPoolId}`, iat: now, exp: now + 3600 };
  const idToken = jwt({ ...common, aud: testConfig.userPoolClientId, email, token_use: 'id' });
  const accessToken = jwt({ ...common, client_id: testConfig.userPoolClientId, username: sub, token_use: 'access' });
  const prefix = `CognitoIdentityServiceProvider.${testConfig.userPoolClientId}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, sub);
  localStorage.setItem(`${prefix}.${sub}.idToken`, idToken);
  localStorage.setItem(`${prefix}.${sub}.accessToken`, accessToken);
  localStorage.setItem(`${prefix}.${sub}.refreshToken`, 'refresh-token');
  localStorage.setItem(`${prefix}.${sub}.clockDrift`, '0');
  return { idToken, accessToken };
}
