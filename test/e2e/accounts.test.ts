import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cognitoClient, createConfirmedUser, latestCode, readMail, type StackRef } from '../../lib/local/testing';
import { accountRow, demoLogin, DESKTOP, e2e, expectConsole, newBroker, openBrowser, PHONE, runJob, screenshot, seriousA11yViolations, signIn, waitForMail } from './support';

type Browser = Awaited<ReturnType<typeof openBrowser>>;

const PASSWORD = 'Sacramento!2025';
const NEW_PASSWORD = 'Riverfront!2026';
/** The e2e stack as lib/local/testing's helpers want it (its URLs are in the handler env). */
const stackRef = (): StackRef => {
  const { env, apiUrl, userPoolId, userPoolClientId } = e2e();
  const urls = {
    api: apiUrl,
    cognito: env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER!,
    dynamodb: env.AWS_ENDPOINT_URL_DYNAMODB!,
    s3: env.AWS_ENDPOINT_URL_S3!,
    ses: env.AWS_ENDPOINT_URL_SESV2!,
    sqs: env.AWS_ENDPOINT_URL_SQS!,
    mailViewer: env.AWS_ENDPOINT_URL_SESV2!,
  };
  return { urls, userPoolId, userPoolClientId };
};
const mailStack = stackRef;
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** The 6-digit code of the newest code mail to `email`, waiting for it to arrive. */
async function waitForCode(email: string, after?: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const code = await latestCode(mailStack(), email);
    if (code && code !== after) return code;
    if (Date.now() > deadline) throw new Error(`no code mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The screen at desktop and phone width: test-results/screenshots/accounts-<name>-{desktop,phone}.png. */
async function shoot(page: Page, name: string): Promise<void> {
  // The header's account links show once the session has resolved: the screen is settled.
  // (A CSS locator: an open dialog hides the header from the accessibility tree, not from view.)
  await page.locator('header nav[aria-label="Account"] :is(a, button)').first().waitFor();
  await screenshot(page, `accounts-${name}-desktop`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `accounts-${name}-phone`);
  await page.setViewportSize(DESKTOP);
}

// Runs in the page, where globalThis is the window (the server typecheck has no DOM lib).
const storage = (page: Page, key: string) =>
  page.evaluate((k) => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem(k), key);
/** A page with nobody signed in, whatever an earlier test left behind in the shared profile. */
async function signedOutPage(from: Browser): Promise<Page> {
  const page = await from.newPage();
  await page.goto('/');
  await page.evaluate(() => (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear());
  return page;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

let browser: Browser;
let operatorBrowser: Browser;

beforeAll(async () => {
  [browser, operatorBrowser] = await Promise.all([openBrowser(DESKTOP), openBrowser(DESKTOP)]);
});
afterAll(async () => {
  await Promise.all([browser?.dispose(), operatorBrowser?.dispose()]);
});

describe('sign-up to approval', () => {
  it('signs up, confirms the code from the mail, lands on the dashboard under review; an operator approves; the notice goes', async () => {
    const page = await signedOutPage(browser);
    const email = uniqueEmail('newbroker');
    await page.goto('/signup?firstName=Sam&lastName=Signup');
    // The first visit of a screen may wait for the dev server to build it.
    await page.getByLabel('First Name').waitFor({ timeout: 60_000 });
    await expect(page.getByLabel('First Name').inputValue()).resolves.toBe('Sam');
    await expect(page.getByLabel('Last Name').inputValue()).resolves.toBe('Signup');

    // Every rule's message under its field.
    await page.getByLabel('First Name').fill('');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    for (const message of ['Please enter a valid email address', 'Password must be at least 8 characters long', 'First name is required', 'You must agree to the terms and conditions']) {
      await expect(page.getByText(message).isVisible(), message).resolves.toBe(true);
    }
    for (const [password, message] of [
      ['lowercase1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoNumbers!!', 'Password must contain at least one number'],
      ['NoSpecial12', 'Password must contain at least one special character (@$!%*?&)'],
    ]) {
      await page.getByLabel('Password', { exact: true }).fill(password!);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText(message!).isVisible(), message).resolves.toBe(true);
    }
    await shoot(page, 'signup-errors');

    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('First Name').fill('Sam');
    await page.getByRole('checkbox').check();
    await shoot(page, 'signup');
    // On a phone the button is below the fold: the code step that replaces the form opens at its top.
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: 'Sign Up' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => globalThis.scrollY)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await heading(page, 'Verify your e-mail').waitFor();
    expect(await page.evaluate(() => globalThis.scrollY)).toBe(0);
    await page.setViewportSize(DESKTOP);
    await expect(page.getByText(email, { exact: true }).isVisible()).resolves.toBe(true); // lowercased
    await shoot(page, 'verify');
    const code = await waitForCode(email);

    // Too short, then wrong: the spec's one message.
    await page.getByLabel('Verification code, characters 1 to 3').fill('12');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid Code, please re-enter.').waitFor();
    // A wrong code first: the app logs Cognito's refusal (spec 01: failures are logged) and says so.
    expectConsole(/Confirming the sign-up failed CodeMismatchException/);
    await page.getByLabel('Verification code, characters 1 to 3').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Invalid Code, please re-enter.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Resend sends a new code; the whole code typed into the first box fills both groups.
    await page.getByRole('button', { name: 'Resend code' }).click();
    await page.getByText(`We sent a new code to ${email}.`).waitFor();
    const resent = await waitForCode(email, code);
    await page.getByLabel('Verification code, characters 1 to 3').fill(resent);
    await expect(page.getByLabel('Verification code, characters 4 to 6').inputValue()).resolves.toBe(resent.slice(3));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL('**/consumer/dashboard');
    const notice = page.getByText('Your account is being reviewed…');
    await notice.waitFor();
    await expect(page.getByText(/typically in under 24 hours/).isVisible()).resolves.toBe(true);
    expect(await storage(page, 'isAuthenticated')).toBe('true');
    expect(await storage(page, 'idToken')).toMatch(/^ey/);
    expect(await storage(page, 'accessToken')).toMatch(/^ey/);
    await shoot(page, 'review-notice');

    // The operator approves from the operator page.
    const operatorPage = await signedOutPage(operatorBrowser);
    await signIn(operatorPage, demoLogin('operator'));
    await operatorPage.getByRole('link', { name: 'Operators' }).click();
    await operatorPage.waitForURL('**/consumer/operators');
    const row = await accountRow(operatorPage, email);
    await expect(row.innerText()).resolves.toContain('Sam Signup');
    await shoot(operatorPage, 'operators-queue');
    expect(await seriousA11yViolations(operatorPage)).toEqual([]);
    await row.getByRole('button', { name: 'Approve Sam Signup' }).click();
    await operatorPage.getByText('Sam Signup is approved. The approval e-mail is on its way.').waitFor();
    await row.waitFor({ state: 'detached' });

    const approval = (await readMail(mailStack())).find((m) => m.to.includes(email) && m.subject === 'Your BISN account is approved');
    expect(approval?.html).toContain('/login?email=');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await expect(notice.count()).resolves.toBe(0);

    // Members tab: disable, then the account cannot sign in; enable again.
    await operatorPage.getByRole('tab', { name: 'Members' }).click();
    const member = await accountRow(operatorPage, email);
    await member.getByRole('button', { name: 'Disable Sam Signup' }).click();
    await shoot(operatorPage, 'operators-disable-dialog');
    await operatorPage.getByRole('button', { name: 'Disable Account' }).click();
    await operatorPage.getByText('Sam Signup is disabled and signed out.').waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('User is disabled.').waitFor();
    expect(await storage(page, 'isAuthenticated')).toBe('false');

    await operatorPage.getByLabel('Disabled').check();
    await operatorPage
      .getByRole('listitem')
      .filter({ hasText: email })
      .getByRole('button', { name: 'Enable Sam Signup' })
      .click();
    await operatorPage.getByText('Sam Signup is enabled again.').waitFor();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/consumer/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await Promise.all([page.close(), operatorPage.close()]);
  });
});

describe('sign-in', () => {
  it('shows the service message for a wrong password and an unknown user, and the field rules', async () => {
    const page = await signedOutPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password is required').waitFor();

    await page.getByLabel('Email').fill(demoLogin('broker').email);
    await page.getByLabel('Password', { exact: true }).fill('Wrong!password1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const wrong = page.getByRole('alert').filter({ hasText: /incorrect|password/i });
    await wrong.waitFor();
    expect(await storage(page, 'isAuthenticated')).toBe('false');
    await shoot(page, 'login-error');

    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Sign In' }).click();
    // cognito-local: "User not authorized"; Cognito with user-existence errors hidden: "Incorrect username or password."
    await page.getByRole('alert').filter({ hasText: /not authorized|incorrect|not exist/i }).waitFor();
    await page.close();
  });

  it('an invited user sets a new password through the challenge form, with the names the account lacks', async () => {
    const email = uniqueEmail('invited');
    const temporary = 'Temporary!123';
    const cognito = cognitoClient(stackRef());
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: e2e().userPoolId,
        Username: email,
        TemporaryPassword: temporary,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          // No names: the pool requires them, so the challenge asks for them (spec 01 §4).
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    cognito.destroy();

    const page = await signedOutPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(temporary);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await heading(page, 'Set New Password').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await shoot(page, 'new-password');

    await page.getByLabel('New Password').fill('weak');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByText('First name is required').waitFor();
    await page.getByLabel('First Name').fill('Ivy');
    await page.getByLabel('Last Name').fill('Invited');
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/consumer/dashboard');
    // The record did not exist; the first read created it from the identity provider's attributes, the
    // names the challenge stored included.
    await page.getByText('Your account is being reviewed…').waitFor();
    await heading(page, 'Welcome, Ivy!').waitFor();

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signIn(page, { email, password: NEW_PASSWORD });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.close();
  });
});

describe('forgot password', () => {
  it('resets with the mailed code and returns to the login with the e-mail and a green notice', async () => {
    const email = uniqueEmail('forgetful');
    await createConfirmedUser(stackRef(), { email, password: PASSWORD, firstName: 'Fay', lastName: 'Forgetful' });

    const page = await signedOutPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await page.waitForURL('**/forgotPassword');
    await shoot(page, 'forgot-password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();

    await page
      .getByText('If you have a valid email address, you will receive a code to your email within 5 minutes. If you do not receive an email, please check your spam folder.')
      .waitFor();
    await shoot(page, 'reset-password');
    const code = await waitForCode(email);
    await page.getByLabel('New Password').fill('short');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Invalid Code, please re-enter.').waitFor();
    await page.getByText('Password must be at least 8 characters long').waitFor();
    await page.getByLabel('Code, characters 1 to 3').fill(code);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('message')).toBe('Successfully Reset Password');
    await page.getByText('Successfully Reset Password').waitFor();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await shoot(page, 'login-reset-notice');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/consumer/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.close();
  });
});

describe('session', () => {
  it('the guard sends a visitor to /login and back; reload keeps the session; sign out clears it', async () => {
    const page = await signedOutPage(browser);
    await page.goto('/');
    await page.goto('/consumer/profile');
    await page.waitForURL(/\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/consumer/profile');
    await shoot(page, 'login');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const broker = demoLogin('broker');
    await page.getByLabel('Email').fill(broker.email);
    await page.getByLabel('Password', { exact: true }).fill(broker.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/consumer/profile');
    // History replaced: back goes to where the visitor was before the guarded page, not to the login.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/consumer/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(page.url()).toContain('/consumer/dashboard');

    // The network drops while the user record loads: still signed in, the page says so and retries (spec 02 §8).
    expectConsole(/Failed to fetch user details|ERR_FAILED|ERR_INTERNET_DISCONNECTED/);
    const userRecord = (url: URL) => url.pathname.startsWith('/user/cognito/');
    await page.route(userRecord, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Failed to fetch user details' }).waitFor();
    expect(page.url()).toContain('/consumer/dashboard');
    await shoot(page, 'user-load-failed');
    await page.unroute(userRecord);
    await page.getByRole('button', { name: 'Try again' }).click();
    await heading(page, 'Welcome, Ben!').waitFor();

    // Signed in, /login goes straight on; an operator-only page is hidden from a broker.
    await page.goto('/login');
    await page.waitForURL('**/consumer/dashboard');
    await expect(page.getByRole('link', { name: 'Operators' }).count()).resolves.toBe(0);
    await page.goto('/consumer/operators');
    await page.getByText('This page is for the operator team only.').waitFor();

    // Sign-out revokes the refresh token at Cognito (spec 01 §7): a copy of it mints nothing afterwards.
    const prefix = `CognitoIdentityServiceProvider.${e2e().userPoolClientId}`;
    const refreshToken = await storage(page, `${prefix}.${await storage(page, `${prefix}.LastAuthUser`)}.refreshToken`);
    expect(refreshToken).toBeTruthy();
    const refresh = () =>
      cognitoClient(stackRef()).send(
        new InitiateAuthCommand({ ClientId: e2e().userPoolClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken! } }),
      );
    await expect(refresh()).resolves.toMatchObject({ AuthenticationResult: expect.any(Object) });
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    for (const key of ['accessToken', 'idToken', 'isAuthenticated']) expect(await storage(page, key), key).toBeNull();
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await page.goto('/consumer/dashboard');
    await page.waitForURL(/\/login\?redirect=/);
    await page.close();
  });
});

describe('unsubscribe', () => {
  it('the form only mails a link; the link of a received mail changes nothing until a button is clicked', async () => {
    const page = await signedOutPage(browser);
    await page.goto('/unsubscribe');
    await shoot(page, 'unsubscribe');
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByLabel('Email').fill(uniqueEmail('anyone'));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText('If this address receives BISN e-mails, we have sent it a link to confirm.').waitFor();
    await shoot(page, 'unsubscribe-sent');
    await expect(page.getByRole('link', { name: 'Sign Up' }).last().getAttribute('href')).resolves.toBe('/signup');

    // A real broadcast: another broker's Industrial requirement, mailed to the reader.
    const [author, reader] = await Promise.all([
      newBroker('unsubauthor', { approved: true, password: PASSWORD }),
      newBroker('unsubreader', { approved: true, password: PASSWORD }),
    ]);
    const created = await fetch(`${e2e().apiUrl}/requirement`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        requirementTypeId: 'for-lease',
        propertyTypeId: 'industrial',
        marketIds: ['sac-midtown'],
        title: `Warehouse ${randomUUID().slice(0, 6)}`,
        timing: 'Now',
        highlights: ['', '', '', '', ''],
      }),
    });
    expect(created.status).toBe(201);
    await runJob('broadcastRequirements');
    const mail = await waitForMail((m) => m.to.includes(reader.email) && m.subject.startsWith('New Industrial requirement'));
    const link = new URL(/href="([^"]+\/unsubscribe\?token=[^"]+)"/.exec(mail.html!)![1]!);

    const subscribedCount = async () => {
      const answer = await fetch(`${e2e().apiUrl}/user/cognito/${reader.userId}`, { headers: { authorization: `Bearer ${reader.idToken}` } });
      const { user } = (await answer.json()) as { user: { subscriptions: { subscribed: boolean }[] } };
      return user.subscriptions.filter((s) => s.subscribed).length;
    };
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText('came from Industrial Requirements').waitFor();
    await page.getByRole('region', { name: 'Current subscriptions' }).getByText('Industrial Requirements').waitFor();
    await shoot(page, 'unsubscribe-link');
    // Opening the link (as a corporate link scanner does) changed nothing.
    expect(await subscribedCount()).toBe(14);

    await page.getByRole('button', { name: 'Unsubscribe from Industrial Requirements' }).click();
    await page.getByText('Unsubscribed successfully').waitFor();
    // The done page lists exactly what was turned off, each with its "Re-subscribe".
    const turnedOff = page.getByRole('region', { name: `Turned off for ${reader.email}` });
    await expect(turnedOff.getByRole('listitem').allTextContents()).resolves.toEqual(['Industrial RequirementsRe-subscribe']);
    await turnedOff.getByRole('button', { name: 'Re-subscribe to Industrial Requirements' }).waitFor();
    await shoot(page, 'unsubscribe-done');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await subscribedCount()).toBe(13);

    await signIn(page, reader);
    await page.goto('/consumer/profile');
    const row = page.getByRole('list', { name: 'E-mail subscriptions' }).getByRole('listitem').filter({ hasText: 'Industrial Requirements' });
    await row.getByText('Unsubscribed', { exact: true }).waitFor();
    await expect(page.getByRole('list', { name: 'E-mail subscriptions' }).getByText('Unsubscribed', { exact: true }).count()).resolves.toBe(1);

    await page.goto('/unsubscribe?token=forged.token-value');
    await page.getByText(/This unsubscribe link is not valid/).waitFor();
    await expect(page.getByLabel('Email').isVisible()).resolves.toBe(true);
    await page.close();
  });
});
