import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUser, MailStop } from '@shared/api/schemas/users';
import { renderApp } from '../support/render-app';
import { startProfileBackend } from './profile-backend';

// SES stopped mail to an address (a hard bounce or a spam report). The broker is told on the
// dashboard and resumes once fixed; the operator page says why an account gets no mail.
const firstLoad = { timeout: 8000 };
const bounce: MailStop = { reason: 'bounce', at: '2025-01-06T15:00:00.000Z', detail: 'smtp; 550 5.1.1 user unknown' };
const complaint: MailStop = { reason: 'complaint', at: '2025-01-07T15:00:00.000Z', detail: 'marked as abuse' };

describe('the mail-stop notice on the dashboard', { timeout: 20_000 }, () => {
  it('tells a broker whose mail bounced why and how to fix it; resuming posts once and the notice goes', async () => {
    const backend = await startProfileBackend({ mailStop: bounce });
    renderApp('/consumer/dashboard');

    const notice = await screen.findByTestId('mail-stop-notice', {}, firstLoad);
    expect(notice).toHaveTextContent('We have stopped e-mailing ada@example.com');
    expect(notice).toHaveTextContent('Mail bounced on 01/06/2025 (smtp; 550 5.1.1 user unknown).');
    expect(notice).toHaveTextContent('Check with your mail provider or IT team that this mailbox exists');
    expect(notice).toHaveTextContent('you receive no listings blast, requirement broadcasts or notices');

    await userEvent.click(within(notice).getByRole('button', { name: 'I have fixed it: e-mail me again' }));
    await waitFor(() => expect(screen.queryByTestId('mail-stop-notice')).not.toBeInTheDocument());
    expect(backend.calls('/user/mail/').map((r) => r.url.pathname)).toEqual(['/user/mail/user-1']);
  });

  it('tells a broker who reported a BISN mail as spam; a failed resume is shown and the notice stays', async () => {
    const backend = await startProfileBackend({ mailStop: complaint });
    backend.state.failures.set('resumeMail', { status: 503, message: 'Mail settings are unavailable right now.' });
    renderApp('/consumer/dashboard');

    const notice = await screen.findByTestId('mail-stop-notice', {}, firstLoad);
    expect(notice).toHaveTextContent('One of our e-mails was reported as spam on 01/07/2025.');
    expect(notice).toHaveTextContent('mark our mail as not spam');
    await userEvent.click(within(notice).getByRole('button', { name: 'I have fixed it: e-mail me again' }));
    expect(await within(notice).findByRole('alert')).toHaveTextContent(/unavailable/);
    expect(screen.getByTestId('mail-stop-notice')).toBeInTheDocument();
  });

  it('is absent while mail flows', async () => {
    await startProfileBackend();
    renderApp('/consumer/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada!' }, firstLoad);
    expect(screen.queryByTestId('mail-stop-notice')).not.toBeInTheDocument();
  });
});

describe('the operator page', { timeout: 20_000 }, () => {
  it('says why an account gets no mail, and nothing for one whose mail flows', async () => {
    const backend = await startProfileBackend({ isOperator: true });
    const account = (id: string, email: string, mailStop: MailStop | null): AdminUser => ({
      _id: id, firstName: 'Grace', lastName: id, email, license: '01234567', brokerInfo: null, status: 'awaiting approval',
      createdAt: '2025-01-02T03:04:05.000Z', emailConfirmed: true, mailStop, assists: [],
    });
    backend.state.accounts = [account('Stopped', 'stopped@example.com', bounce), account('Flowing', 'flowing@example.com', null)];
    renderApp('/consumer/operators');

    const list = await screen.findByRole('list', { name: 'Accounts awaiting approval' }, firstLoad);
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const row = (email: string) => rows.find((r) => r.textContent?.includes(email))!;
    expect(row('stopped@example.com')).toHaveTextContent('Mail stopped: Mail bounced on 01/06/2025 (smtp; 550 5.1.1 user unknown).');
    expect(row('flowing@example.com')).not.toHaveTextContent('Mail stopped');
  });
});
