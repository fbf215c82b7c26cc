import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../support/fake-backend';
import { renderApp } from '../support/render-app';
import { testUser } from '../support/user';
import { cognitoError, fakeBackends } from './fake-cognito';
import { noRuleMet, passwordRuleStates } from './password-rules';

const authLoad = { timeout: 5000 };
const signUpAnswer = () => json(200, { UserConfirmed: false, UserSub: 'new-sub-1', CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } });

async function fillValid(email = 'New.Broker@Example.com') {
  await userEvent.type(await screen.findByLabelText('Email', {}, authLoad), email);
  await userEvent.type(screen.getByLabelText('Password'), 'Sacramento!2025');
  await userEvent.type(screen.getByLabelText('First Name'), 'Nora');
  await userEvent.type(screen.getByLabelText('Last Name'), 'Newman');
  await userEvent.click(screen.getByRole('checkbox'));
}

describe('/signup', () => {
  it('prefills e-mail and names from the query string', async () => {
    await fakeBackends(signUpAnswer);
    renderApp('/signup?email=pre%40example.com&firstName=Pat&lastName=Prefilled');
    expect(await screen.findByLabelText('Email', {}, authLoad)).toHaveValue('pre@example.com');
    expect(screen.getByLabelText('First Name')).toHaveValue('Pat');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Prefilled');
  });

  it('shows every password rule as a checklist that ticks as the broker types', async () => {
    await fakeBackends(signUpAnswer);
    renderApp('/signup');
    const password = await screen.findByLabelText('Password', {}, authLoad);
    expect(passwordRuleStates()).toEqual(noRuleMet);
    await userEvent.type(password, 'Sacramento');
    expect(passwordRuleStates()).toEqual([
      'At least 8 characters: done',
      'An uppercase letter: done',
      'A lowercase letter: done',
      'A number: not yet',
      'One of @$!%*?&: not yet',
    ]);
  });

  it('shows each rule’s message under its field and sends nothing', async () => {
    const { cognitoCalls } = await fakeBackends(signUpAnswer);
    renderApp('/signup');
    await userEvent.type(await screen.findByLabelText('Password', {}, authLoad), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.getByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form')!;
    expect(within(form).getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/termsAndConditions');

    for (const [password, message] of [
      ['lowercase1!', 'Password must contain at least one uppercase letter'],
      ['UPPERCASE1!', 'Password must contain at least one lowercase letter'],
      ['NoNumbers!!', 'Password must contain at least one number'],
      ['NoSpecial12', 'Password must contain at least one special character (@$!%*?&)'],
    ] as const) {
      await userEvent.clear(screen.getByLabelText('Password'));
      await userEvent.type(screen.getByLabelText('Password'), password);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(cognitoCalls).toEqual([]);
  });

  it('signs up with the e-mail lowercased and the names as attributes, creates the record, then asks for the code', async () => {
    const { cognitoCalls, apiRequests } = await fakeBackends(signUpAnswer, () => json(201, { user: testUser({ status: 'awaiting approval' }) }));
    renderApp('/signup');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('new.broker@example.com')).toBeInTheDocument();
    const signUp = cognitoCalls.find((c) => c.action === 'SignUp')!;
    expect(signUp.body).toMatchObject({
      Username: 'new.broker@example.com',
      Password: 'Sacramento!2025',
      UserAttributes: expect.arrayContaining([
        { Name: 'email', Value: 'new.broker@example.com' },
        { Name: 'given_name', Value: 'Nora' },
        { Name: 'family_name', Value: 'Newman' },
      ]),
    });
    const create = apiRequests.find((r) => r.url.pathname === '/user')!;
    expect(JSON.parse(String(create.body))).toEqual({
      email: 'new.broker@example.com',
      firstName: 'Nora',
      lastName: 'Newman',
      cognitoId: 'new-sub-1',
      acceptedTermsAndConditions: true,
    });

    // A short code never reaches the identity provider; a wrong one gets the same message.
    await userEvent.type(screen.getByLabelText('Verification code, characters 1 to 3'), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid Code, please re-enter.');
    expect(cognitoCalls.map((c) => c.action)).not.toContain('ConfirmSignUp');
  });

  it('goes on to the code even when creating the user record fails (it is repaired at sign-in)', async () => {
    await fakeBackends(signUpAnswer, () => json(500, { message: 'boom' }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/signup');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });

  it('resends the code', async () => {
    const { cognitoCalls } = await fakeBackends(
      (call) => (call.action === 'SignUp' ? signUpAnswer() : json(200, { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } })),
      () => json(201, { user: testUser() }),
    );
    renderApp('/signup');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent a new code to new.broker@example.com.')).toBeInTheDocument();
    expect(cognitoCalls.find((c) => c.action === 'ResendConfirmationCode')?.body).toMatchObject({ Username: 'new.broker@example.com' });
  });

  it('shows the identity provider’s message when sign-up fails', async () => {
    await fakeBackends(() => cognitoError('UsernameExistsException', 'User already exists'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/signup');
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form')!;
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('User already exists'));
  });
});
