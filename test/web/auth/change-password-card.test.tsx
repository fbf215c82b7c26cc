import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { json } from '../support/fake-backend';
import { seedCognitoSession } from '../support/cognito-session';
import { cognitoError, fakeBackends } from './fake-cognito';

async function change(oldPassword: string, newPassword: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Change your password' }));
  await userEvent.type(await screen.findByLabelText('Current Password'), oldPassword);
  await userEvent.type(screen.getByLabelText('New Password'), newPassword);
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordCard', () => {
  it('shows the form when asked, with the current password focused', async () => {
    await fakeBackends(() => json(200, {}));
    render(<ChangePasswordCard />);
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change your password' }));
    expect(await screen.findByLabelText('Current Password')).toHaveFocus();
  });

  it('checks the new password against the policy first', async () => {
    const { cognitoCalls } = await fakeBackends(() => json(200, {}));
    render(<ChangePasswordCard />);
    await change('Old!pass123', 'weakpass');
    expect(await screen.findByText('Password must contain at least one uppercase letter')).toBeInTheDocument();
    expect(cognitoCalls).toEqual([]);
  });

  it('says "No logged-in user found" without a session', async () => {
    await fakeBackends(() => json(200, {}));
    render(<ChangePasswordCard />);
    await change('Old!pass123', 'Riverfront!2026');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('No logged-in user found');
  });

  it('changes the password of the signed-in user with their access token', async () => {
    const { accessToken } = seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' });
    const { cognitoCalls } = await fakeBackends((call) =>
      call.action === 'ChangePassword' ? json(200, {}) : cognitoError('NotAuthorizedException', 'unexpected'),
    );
    render(<ChangePasswordCard />);
    await change('Old!pass123', 'Riverfront!2026');
    expect(await screen.findByText('Your password has been changed.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(cognitoCalls).toEqual([
      { action: 'ChangePassword', body: { AccessToken: accessToken, PreviousPassword: 'Old!pass123', ProposedPassword: 'Riverfront!2026' } },
    ]);
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('shows the identity provider’s message when the current password is wrong', async () => {
    seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' });
    await fakeBackends(() => cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    render(<ChangePasswordCard />);
    await change('Wrong!pass123', 'Riverfront!2026');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Incorrect username or password.');
  });

  it('drops the last answer as soon as the form changes, so a stale message never sits under a new one', async () => {
    seedCognitoSession({ sub: 'cognito-sub-1', email: 'ada@example.com' });
    await fakeBackends(() => cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    render(<ChangePasswordCard />);
    await change('Wrong!pass123', 'Riverfront!2026');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Incorrect username or password.');

    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'short');
    expect(screen.queryByText('Incorrect username or password.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(screen.queryByText('Incorrect username or password.')).not.toBeInTheDocument();
  });

  it('ticks each password rule as the new password keeps it', async () => {
    await fakeBackends(() => json(200, {}));
    render(<ChangePasswordCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Change your password' }));
    const rules = await screen.findByRole('list', { name: 'Password rules' });
    const met = () => [...rules.querySelectorAll('li[data-met="true"]')].map((li) => li.firstChild?.nextSibling?.textContent);
    expect(met()).toEqual([]);
    await userEvent.type(screen.getByLabelText('New Password'), 'abc');
    expect(met()).toEqual(['A lowercase letter']);
    await userEvent.type(screen.getByLabelText('New Password'), 'D1@xyzw');
    expect(met()).toHaveLength(5);
  });
});
