import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/features/auth';
import { renderApp } from '../support/render-app';
import { cognitoError, fakeBackends } from './fake-cognito';
import { noRuleMet, passwordRuleStates } from './password-rules';

const authLoad = { timeout: 5000 };

async function signIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email', {}, authLoad), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}


/** Cognito answering a sign-in with the new-password challenge (requiring `requiredAttributes`), and refusing the new password. */
const newPasswordChallenge = (requiredAttributes: string[]) => (call: { action: string }) =>
  call.action === 'InitiateAuth'
    ? new Response(
        JSON.stringify({
          ChallengeName: 'NEW_PASSWORD_REQUIRED',
          Session: 'challenge-session',
          ChallengeParameters: {
            USER_ID_FOR_SRP: 'invited@example.com',
            requiredAttributes: JSON.stringify(requiredAttributes),
            userAttributes: '{"email":"invited@example.com","email_verified":"true"}',
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/x-amz-json-1.1' } },
      )
    : cognitoError('InvalidPasswordException', 'Password does not conform to policy');

describe('/login', () => {
  it('prefills the e-mail and shows the message in green', async () => {
    await fakeBackends(() => cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    renderApp('/login?email=reset%40example.com&message=Successfully%20Reset%20Password');
    expect(await screen.findByLabelText('Email', {}, authLoad)).toHaveValue('reset@example.com');
    expect(screen.getByRole('status')).toHaveTextContent('Successfully Reset Password');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgotPassword');
  });

  it('signs in with USER_PASSWORD_AUTH against a local endpoint and shows the service message on failure', async () => {
    const { cognitoCalls } = await fakeBackends(() => cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    renderApp('/login');
    await signIn('broker@example.com', 'Wrong!pass1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(cognitoCalls[0]).toMatchObject({
      action: 'InitiateAuth',
      body: { AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: 'broker@example.com', PASSWORD: 'Wrong!pass1' } },
    });
    expect(localStorage.getItem(storageKeys.isAuthenticated)).toBe('false');
  });

  it('asks for the required fields before calling anyone', async () => {
    const { cognitoCalls } = await fakeBackends(() => cognitoError('NotAuthorizedException', 'no'));
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }, authLoad));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(cognitoCalls).toEqual([]);
  });

  it('switches to Set New Password for an invited account, without an error, and sends the new password', async () => {
    const { cognitoCalls } = await fakeBackends(newPasswordChallenge([]));
    renderApp('/login');
    await signIn('invited@example.com', 'Temporary!123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set New Password' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Every rule at once, ticked as the broker types.
    expect(passwordRuleStates()).toEqual(noRuleMet);
    const update = screen.getByRole('button', { name: 'Update Password' });

    await userEvent.click(update);
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New Password'), 'Riverfront!2026');
    expect(passwordRuleStates().every((rule) => rule?.endsWith(': done'))).toBe(true);
    await userEvent.click(update);
    expect(await screen.findByRole('alert')).toHaveTextContent('Password does not conform to policy');
    const respond = cognitoCalls.find((c) => c.action === 'RespondToAuthChallenge');
    expect(respond?.body).toMatchObject({
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      ChallengeResponses: { NEW_PASSWORD: 'Riverfront!2026', USERNAME: 'invited@example.com' },
    });
  });

  it('asks for the names the challenge requires and completes it with them, never with sub, email or email_verified (spec 01 §4)', async () => {
    const { cognitoCalls } = await fakeBackends(newPasswordChallenge(['userAttributes.given_name', 'userAttributes.family_name', 'userAttributes.email']));
    renderApp('/login');
    await signIn('invited@example.com', 'Temporary!123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set New Password' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New Password'), 'Riverfront!2026');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(cognitoCalls.filter((c) => c.action === 'RespondToAuthChallenge')).toEqual([]);

    await userEvent.type(screen.getByLabelText('First Name'), ' Ada ');
    await userEvent.type(screen.getByLabelText('Last Name'), 'Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password does not conform to policy');
    const respond = cognitoCalls.find((c) => c.action === 'RespondToAuthChallenge');
    expect(respond?.body.ChallengeResponses).toEqual({
      NEW_PASSWORD: 'Riverfront!2026',
      USERNAME: 'invited@example.com',
      'userAttributes.given_name': 'Ada',
      'userAttributes.family_name': 'Lovelace',
    });
  });
});
