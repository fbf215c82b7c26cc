import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../support/fake-backend';
import { renderApp } from '../support/render-app';
import { fakeBackends } from './fake-cognito';
import { noRuleMet, passwordRuleStates } from './password-rules';

const authLoad = { timeout: 5000 };

describe('/forgotPassword', () => {
  it('shows every password rule of the new password as a checklist that ticks as the broker types', async () => {
    const { cognitoCalls } = await fakeBackends((call) =>
      call.action === 'ForgotPassword' ? json(200, { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 'r***@example.com' } }) : json(200, {}),
    );
    const { router } = renderApp('/forgotPassword');
    await userEvent.type(await screen.findByLabelText('Email', {}, authLoad), 'reset@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Code' }));

    const password = await screen.findByLabelText('New Password');
    expect(passwordRuleStates()).toEqual(noRuleMet);
    await userEvent.type(password, 'river2026');
    expect(passwordRuleStates()).toEqual([
      'At least 8 characters: done',
      'An uppercase letter: not yet',
      'A lowercase letter: done',
      'A number: done',
      'One of @$!%*?&: not yet',
    ]);
    await userEvent.clear(password);
    await userEvent.type(password, 'River!2026');
    expect(passwordRuleStates().every((rule) => rule?.endsWith(': done'))).toBe(true);

    await userEvent.type(screen.getAllByRole('textbox')[0]!, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await screen.findByText('Successfully Reset Password');
    expect(router.state.location.pathname).toBe('/login');
    expect(cognitoCalls.find((c) => c.action === 'ConfirmForgotPassword')?.body).toMatchObject({ Password: 'River!2026', ConfirmationCode: '123456' });
  });
});
