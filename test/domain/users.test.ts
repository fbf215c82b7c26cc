import { GetSuppressedDestinationCommand, PutSuppressedDestinationCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, it } from 'vitest';
import { ses } from '../../lambdas/core/aws';
import { delegationsRepository } from '../../lambdas/data/delegations';
import { usersRepository } from '../../lambdas/data/users';
import { contactCardFor } from '../../lambdas/domain/contacts';
import { listedBroker, refreshDirectory } from '../../lambdas/domain/directory';
import {
  createUser,
  getOwnUser,
  markEmailConfirmed,
  resumeMail,
  toUserDto,
  updateBrokerInfo,
  updateDirectoryPrivacy,
  updateNotificationPreferences,
  updatePersonalInfo,
  updateSubscriptions,
} from '../../lambdas/domain/users';
import { subscriptionCategories } from '../../shared/catalog';
import { bareCognitoUser, cognitoFailsOnce, cognitoUser, newEmail, refusal } from './accounts-support';
import { broker, principalOf } from './support';

const allCategories = subscriptionCategories.map((c) => c.id);
const assetBase = () => process.env.ASSET_BASE_URL ?? '';
const staleMessage =
  'Your profile was changed elsewhere (in another tab or window) since you opened this. Reload it to see those changes, or save yours over them.';
const on = (user: { subscriptions: { _id: string; subscribed: boolean }[] }) => user.subscriptions.filter((s) => s.subscribed).map((s) => s._id);

async function suppressedFor(address: string): Promise<string | null> {
  try {
    return (await ses().send(new GetSuppressedDestinationCommand({ EmailAddress: address }))).SuppressedDestination?.Reason ?? null;
  } catch (error) {
    if ((error as Error).name === 'NotFoundException') return null;
    throw error;
  }
}

describe('the user DTO and contact cards', () => {
  it('answers every field of the record, the 14 categories with their state, images on the asset host and defaults for absent fields', async () => {
    const { record } = await broker('dto', {
      subscribed: ['office-listings', 'retail-requirements'],
      profileImage: { profile: 'profile-images/p.jpg', medium: 'profile-images/m.jpg' },
      brokerImage: { thumbnail: 'broker-images/t.png', medium: 'https://cdn.example.com/m.png', original: '/broker-images/o.png' },
      brokerInfo: { name: 'Firm', address1: '1 Main St', address2: 'Sacramento, CA 95814', logoSrc: 'logo.png' },
    });
    const dto = toUserDto(record);
    expect(dto).toEqual({
      _id: record.userId,
      cognitoId: record.userId,
      firstName: 'dto',
      lastName: 'Tester',
      name: 'dto Tester',
      email: record.email,
      acceptedTermsAndConditions: true,
      status: 'active',
      emailConfirmed: true,
      title: 'Broker',
      license: '01234567',
      phone: '916-555-0100',
      subscriptions: subscriptionCategories.map((c) => ({ _id: c.id, name: c.name, subscribed: c.id === 'office-listings' || c.id === 'retail-requirements' })),
      matchNotices: true,
      directory: { listed: true, showPhone: true, showEmail: true },
      // A record without notification preferences reads as today's behaviour.
      notifications: { requirements: 'instant', matches: 'instant', digestFrequency: 'weekdays', digestLimit: 25 },
      profileImage: { profile: `${assetBase()}/profile-images/p.jpg`, medium: `${assetBase()}/profile-images/m.jpg` },
      brokerImage: { thumbnail: `${assetBase()}/broker-images/t.png`, medium: 'https://cdn.example.com/m.png', original: `${assetBase()}/broker-images/o.png` },
      brokerInfo: { name: 'Firm', address1: '1 Main St', address2: 'Sacramento, CA 95814', logoSrc: `${assetBase()}/broker-images/logo.png` },
      isOperator: false,
      createdAt: record.createdAt,
      approvedAt: record.approvedAt,
      mailStop: null,
      version: 0,
    });
    expect(dto.subscriptions).toHaveLength(14);
    expect(dto.subscriptions.find((s) => s._id === 'office-listings')).toEqual({ _id: 'office-listings', name: 'Office Listings', subscribed: true });

    const stop = { reason: 'bounce' as const, at: '2024-01-01T00:00:00.000Z', detail: 'smtp; 550' };
    const other = toUserDto({ ...record, matchNotices: false, mailStop: stop, version: 4, brokerInfo: { name: 'F', address1: 'a', address2: 'b' }, directory: { listed: false, showPhone: false, showEmail: true } }, true);
    expect(other).toMatchObject({ matchNotices: false, mailStop: stop, version: 4, isOperator: true, directory: { listed: false, showPhone: false, showEmail: true } });
    expect(other.brokerInfo).toEqual({ name: 'F', address1: 'a', address2: 'b' });
    const notifications = { requirements: 'off', matches: 'digest', digestFrequency: 'weekly', digestLimit: 50 } as const;
    expect(toUserDto({ ...record, notifications }).notifications).toEqual(notifications);
    expect(toUserDto({ ...record, matchNotices: true, brokerInfo: null, profileImage: null }).matchNotices).toBe(true);
    expect(toUserDto({ ...record, brokerInfo: null }).brokerInfo).toBeNull();
  });

  it('shows a broker\'s contact card by one rule: members see the details, the unapproved never; Privacy hides phone and e-mail in the directory only', async () => {
    const { record } = await broker('card', {
      brokerImage: { thumbnail: 'b/t.png', medium: 'b/m.png', original: 'b/o.png' },
      brokerInfo: { name: 'Firm', address1: '1 Main St', address2: 'Sacramento, CA 95814', logoSrc: 'logo.png' },
    });
    const card = {
      _id: record.userId,
      firstName: 'card',
      lastName: 'Tester',
      title: 'Broker',
      phone: '916-555-0100',
      email: record.email,
      license: '01234567',
      profileImage: null,
      brokerImage: { thumbnail: `${assetBase()}/b/t.png`, medium: `${assetBase()}/b/m.png`, original: `${assetBase()}/b/o.png` },
      brokerInfo: { name: 'Firm', address1: '1 Main St', address2: 'Sacramento, CA 95814', logoSrc: `${assetBase()}/broker-images/logo.png` },
    };
    const hidden = {
      ...card,
      phone: '',
      email: '',
      license: '',
      brokerInfo: { name: 'Firm', address1: '', address2: '', logoSrc: `${assetBase()}/broker-images/logo.png` },
      detailsHidden: true,
    };
    for (const place of ['item', 'directory'] as const) {
      expect(contactCardFor(record, 'self', place), place).toEqual(card);
      expect(contactCardFor(record, 'member', place), place).toEqual(card);
      expect(contactCardFor(record, 'unapproved', place), place).toEqual(hidden);
    }
    expect(contactCardFor({ ...record, brokerInfo: null }, 'unapproved', 'item').brokerInfo).toBeNull();

    const private_ = { ...record, directory: { listed: true, showPhone: false, showEmail: false } };
    expect(contactCardFor(private_, 'member', 'directory')).toEqual({ ...card, phone: '', email: '' });
    expect(contactCardFor(private_, 'member', 'item')).toEqual(card);
    expect(contactCardFor(private_, 'unapproved', 'item')).toEqual(hidden);
  });
});

describe('sign-up and the own record', () => {
  it('creates the record awaiting approval when the Cognito user of the e-mail carries the sub, and answers it rather than an existing one', async () => {
    const { sub, email } = await cognitoUser('signup');
    const input = { cognitoId: sub, email, firstName: 'Sign', lastName: 'Up', acceptedTermsAndConditions: true as const };
    const created = await createUser(input);
    expect(created).toMatchObject({ _id: sub, email, firstName: 'Sign', lastName: 'Up', status: 'awaiting approval', emailConfirmed: false, acceptedTermsAndConditions: true, version: 0 });
    expect(on(created)).toEqual(allCategories);
    expect(await usersRepository.get(sub)).toMatchObject({ userId: sub, email, status: 'awaiting approval', firstName: 'Sign' });

    // The record exists (approved since): a second sign-up call answers what it asked for, and keeps the record.
    await usersRepository.update(sub, { status: 'active', phone: '916-555-0199' });
    const again = await createUser({ ...input, firstName: 'Other' });
    expect(again).toMatchObject({ firstName: 'Other', status: 'awaiting approval', phone: '' });
    expect(await usersRepository.get(sub)).toMatchObject({ firstName: 'Sign', status: 'active', phone: '916-555-0199' });
  });

  it('signs a delegate up unlisted, asking the broker their e-mail names; a broker e-mail that names nobody still makes the account', async () => {
    const assisted = await broker('assisted');
    const { sub, email } = await cognitoUser('delegate');
    const created = await createUser({ cognitoId: sub, email, firstName: 'Dee', lastName: 'Legate', acceptedTermsAndConditions: true, delegateOf: assisted.record.email });
    expect(created.directory).toEqual({ listed: false, showPhone: true, showEmail: true });
    expect((await delegationsRepository.ofDelegate(sub)).map((d) => d.brokerId)).toEqual([assisted.record.userId]);

    const lost = await cognitoUser('lostdelegate');
    const alone = await createUser({ cognitoId: lost.sub, email: lost.email, firstName: 'Lo', lastName: 'St', acceptedTermsAndConditions: true, delegateOf: 'nobody-here@example.com' });
    expect(alone).toMatchObject({ _id: lost.sub, status: 'awaiting approval', directory: { listed: false } });
    expect(await delegationsRepository.ofDelegate(lost.sub)).toEqual([]);
  });

  it('refuses a sign-up whose e-mail has no Cognito user, or whose user carries another sub', async () => {
    const { sub, email } = await cognitoUser('mismatch');
    const message = 'No sign-up matches this e-mail address. Please sign up again.';
    const other = { sub: '00000000-0000-4000-8000-000000000000', email: newEmail('nobody') };
    expect(await refusal(createUser({ cognitoId: other.sub, email, firstName: 'A', lastName: 'B', acceptedTermsAndConditions: true }))).toEqual({ status: 400, message });
    expect(await refusal(createUser({ cognitoId: sub, email: other.email, firstName: 'A', lastName: 'B', acceptedTermsAndConditions: true }))).toEqual({ status: 400, message });
    expect(await usersRepository.get(sub)).toBeNull();
    expect(await usersRepository.get(other.sub)).toBeNull();
  });

  it('answers the own record as it is, with the operator flag of the caller', async () => {
    const { record } = await broker('own');
    expect(await getOwnUser(principalOf(record), record)).toEqual(toUserDto(record));
    expect((await getOwnUser(principalOf(record, true), record)).isOperator).toBe(true);
  });

  it('repairs a missing record from Cognito: confirmed, terms accepted, subscribed to all; an operator subscribed to nothing', async () => {
    const { sub, email } = await cognitoUser('repair', { firstName: 'Re', lastName: 'Paired' });
    const repaired = await getOwnUser(principalOf({ userId: sub, email }), null);
    expect(repaired).toMatchObject({ _id: sub, email, firstName: 'Re', lastName: 'Paired', emailConfirmed: true, acceptedTermsAndConditions: true, status: 'awaiting approval', isOperator: false });
    expect(on(repaired)).toEqual(allCategories);
    expect(await usersRepository.get(sub)).toMatchObject({ emailConfirmed: true, subscribed: allCategories });

    const op = await cognitoUser('repairop');
    const operatorUser = await getOwnUser(principalOf({ userId: op.sub, email: op.email }, true), null);
    expect(operatorUser).toMatchObject({ isOperator: true, emailConfirmed: true });
    expect(on(operatorUser)).toEqual([]);
    expect((await usersRepository.get(op.sub))?.subscribed).toEqual([]);
    expect((await usersRepository.get(op.sub))?.operator).toBe(true);
  });

  it('an account put in the operators group leaves the broker directory at its next sign-in', async () => {
    const { record } = await broker('promoted');
    await refreshDirectory(record.userId);
    expect((await listedBroker(record.userId)).userId).toBe(record.userId);
    expect((await getOwnUser(principalOf(record, true), record)).isOperator).toBe(true);
    expect(await usersRepository.get(record.userId)).toMatchObject({ operator: true });
    await expect(listedBroker(record.userId)).rejects.toThrow('Broker not found');
  });

  it('repairs from a Cognito user without names as "Broker", found by sub when the token has no e-mail', async () => {
    const email = newEmail('bare');
    const sub = await bareCognitoUser(email);
    const repaired = await getOwnUser(principalOf({ userId: sub, email: '' }), null);
    expect(repaired).toMatchObject({ _id: sub, email, firstName: 'Broker', lastName: '' });
  });

  it('fails, rather than refusing the sign-up, when Cognito cannot be read', async () => {
    const { sub, email } = await cognitoUser('outage');
    const restore = cognitoFailsOnce('AdminGetUserCommand');
    try {
      await expect(createUser({ cognitoId: sub, email, firstName: 'A', lastName: 'B', acceptedTermsAndConditions: true })).rejects.toThrow('injected: AdminGetUserCommand failed');
    } finally {
      restore();
    }
    expect(await usersRepository.get(sub)).toBeNull();
  });

  it('answers 404 when neither the record nor the Cognito user exists', async () => {
    const ghost = principalOf({ userId: '11111111-1111-4111-8111-111111111111', email: newEmail('ghost') });
    expect(await refusal(getOwnUser(ghost, null))).toEqual({ status: 404, message: 'User not found' });
    expect(await refusal(markEmailConfirmed(ghost, null))).toEqual({ status: 404, message: 'User not found' });
  });

  it('marks the e-mail confirmed once; a confirmed record is answered unchanged', async () => {
    const { record, principal } = await broker('confirm', { emailConfirmed: false, updatedAt: '2020-01-01T00:00:00.000Z' });
    const confirmed = await markEmailConfirmed(principal, record);
    expect(confirmed.emailConfirmed).toBe(true);
    const stored = await usersRepository.get(record.userId);
    expect(stored?.emailConfirmed).toBe(true);
    expect(stored?.updatedAt).not.toBe('2020-01-01T00:00:00.000Z');

    const already = await broker('confirmed', { updatedAt: '2020-01-01T00:00:00.000Z' });
    expect((await markEmailConfirmed(principalOf(already.record, true), already.record)).isOperator).toBe(true);
    expect((await usersRepository.get(already.record.userId))?.updatedAt).toBe('2020-01-01T00:00:00.000Z');
  });

  it('works from the stored record when the caller has none yet (repaired from Cognito first)', async () => {
    const { sub, email } = await cognitoUser('confirmlate');
    const principal = principalOf({ userId: sub, email });
    expect((await markEmailConfirmed(principal, null)).emailConfirmed).toBe(true);
    const saved = await updatePersonalInfo(principal, null, { firstName: 'Late', lastName: 'Comer', title: '', license: '', phone: '', version: 0 });
    expect(saved).toMatchObject({ firstName: 'Late', version: 1 });
  });
});

describe('profile saves', () => {
  it('sets and clears categories in catalogue order, keeps the match notices unless told, and raises the version', async () => {
    const { record, principal } = await broker('subs', { subscribed: ['retail-listings'] });
    const saved = await updateSubscriptions(principal, record, {
      subscriptions: [
        { subscriptionId: 'office-requirements', subscribed: true },
        { subscriptionId: 'retail-listings', subscribed: false },
        { subscriptionId: 'office-listings', subscribed: true },
      ],
      version: 0,
    });
    expect(on(saved)).toEqual(['office-listings', 'office-requirements']);
    expect(saved).toMatchObject({ matchNotices: true, version: 1, isOperator: false });
    const stored = await usersRepository.get(record.userId);
    expect(stored?.subscribed).toEqual(['office-listings', 'office-requirements']);
    expect(stored?.matchNotices).toBeUndefined();

    const off = await updateSubscriptions(principalOf(record, true), stored, { subscriptions: [], matchNotices: false, version: 1 });
    expect(off).toMatchObject({ matchNotices: false, version: 2, isOperator: true });
    expect(on(off)).toEqual(['office-listings', 'office-requirements']);
    expect((await usersRepository.get(record.userId))?.matchNotices).toBe(false);
  });

  it('refuses a save over a version that moved on with 409 and the current version, changing nothing', async () => {
    const { record, principal } = await broker('stale', { version: 3 });
    const stale = { firstName: 'Stale', lastName: 'Edit', title: '', license: '', phone: '', version: 2 };
    expect(await refusal(updatePersonalInfo(principal, record, stale))).toEqual({ status: 409, message: staleMessage, currentVersion: 3 });
    expect(await refusal(updateSubscriptions(principal, record, { subscriptions: [], version: 0 }))).toEqual({ status: 409, message: staleMessage, currentVersion: 3 });
    expect((await usersRepository.get(record.userId))?.firstName).toBe('stale');
    const saved = await updatePersonalInfo(principal, record, { ...stale, version: 3 });
    expect(saved).toMatchObject({ firstName: 'Stale', lastName: 'Edit', title: '', license: '', phone: '', version: 4 });
  });

  it('fails a save DynamoDB refuses for another reason than the version, as it failed', async () => {
    const { record, principal } = await broker('oversized');
    const huge = { firstName: 'x'.repeat(410_000), lastName: 'B', title: '', license: '', phone: '', version: 0 };
    await expect(updatePersonalInfo(principal, record, huge)).rejects.toMatchObject({ name: 'ValidationException' });
    expect((await usersRepository.get(record.userId))?.version).toBeUndefined();
  });

  it('answers 404 when the record vanished under a save', async () => {
    const { record, principal } = await broker('vanished');
    const gone = { ...record, userId: '22222222-2222-4222-8222-222222222222' };
    expect(await refusal(updatePersonalInfo({ ...principal, sub: gone.userId }, gone, { firstName: 'A', lastName: 'B', title: '', license: '', phone: '', version: 0 }))).toEqual({
      status: 404,
      message: 'User not found',
    });
  });

  it('saves the personal info and the directory card follows at once', async () => {
    const { record, principal } = await broker('personal');
    const saved = await updatePersonalInfo(principal, record, { firstName: 'Renamed', lastName: 'Person', title: 'VP', license: '999', phone: '916-555-0111', version: 0 });
    expect(saved).toMatchObject({ firstName: 'Renamed', lastName: 'Person', title: 'VP', license: '999', phone: '916-555-0111', version: 1 });
    expect(await usersRepository.get(record.userId)).toMatchObject({ firstName: 'Renamed', lastName: 'Person', title: 'VP', license: '999', phone: '916-555-0111' });
    expect(await listedBroker(record.userId)).toMatchObject({ firstName: 'Renamed', lastName: 'Person', title: 'VP', phone: '916-555-0111' });
  });

  it('saves the broker info and keeps the stored logo', async () => {
    const withLogo = await broker('logo', { brokerInfo: { name: 'Old', address1: 'a', address2: 'b', logoSrc: 'logo.png' } });
    const saved = await updateBrokerInfo(withLogo.principal, withLogo.record, { name: 'New Firm', address1: '2 K St', address2: 'Davis, CA 95616', version: 0 });
    expect(saved.brokerInfo).toEqual({ name: 'New Firm', address1: '2 K St', address2: 'Davis, CA 95616', logoSrc: `${assetBase()}/broker-images/logo.png` });
    expect((await usersRepository.get(withLogo.record.userId))?.brokerInfo).toEqual({ name: 'New Firm', address1: '2 K St', address2: 'Davis, CA 95616', logoSrc: 'logo.png' });

    const without = await broker('nologo');
    await updateBrokerInfo(without.principal, without.record, { name: 'Firm', address1: '3 L St', address2: '', version: 0 });
    expect((await usersRepository.get(without.record.userId))?.brokerInfo).toEqual({ name: 'Firm', address1: '3 L St', address2: '' });
    const logoless = await broker('logoless', { brokerInfo: { name: 'F', address1: 'a', address2: 'b' } });
    await updateBrokerInfo(logoless.principal, logoless.record, { name: 'G', address1: 'c', address2: 'd', version: 0 });
    expect((await usersRepository.get(logoless.record.userId))?.brokerInfo).toEqual({ name: 'G', address1: 'c', address2: 'd' });
  });

  it('saves the directory privacy: unlisted leaves the directory at once, without the version in the stored choice', async () => {
    const { record, principal } = await broker('privacy');
    const saved = await updateDirectoryPrivacy(principal, record, { listed: true, showPhone: false, showEmail: true, version: 0 });
    expect(saved.directory).toEqual({ listed: true, showPhone: false, showEmail: true });
    expect((await usersRepository.get(record.userId))?.directory).toEqual({ listed: true, showPhone: false, showEmail: true });
    expect(await listedBroker(record.userId)).toMatchObject({ phone: '', email: record.email });

    await updateDirectoryPrivacy(principal, record, { listed: false, showPhone: true, showEmail: true, version: 1 });
    expect(await refusal(listedBroker(record.userId))).toEqual({ status: 404, message: 'Broker not found' });
  });
});

describe('notification preferences', () => {
  it('saves how requirements, matches and the digest reach the broker, and raises the version', async () => {
    const { record, principal } = await broker('preferences');
    const choice = { requirements: 'digest', matches: 'digest', digestFrequency: 'weekly', digestLimit: 10 } as const;
    const saved = await updateNotificationPreferences(principal, record, { ...choice, version: 0 });
    expect(saved).toMatchObject({ notifications: choice, version: 1 });
    expect((await usersRepository.get(record.userId))?.notifications).toEqual(choice);
    expect(await refusal(updateNotificationPreferences(principal, record, { ...choice, requirements: 'off', version: 0 }))).toMatchObject({ status: 409 });
  });
});

describe('resuming mail', () => {
  it('clears the stop and lifts the address off the suppression list; a mailable account is answered unchanged', async () => {
    const stop = { reason: 'bounce' as const, at: '2024-01-01T00:00:00.000Z', detail: 'smtp; 550 5.1.1 user unknown' };
    const { record, principal } = await broker('resume', { mailStop: stop });
    await ses().send(new PutSuppressedDestinationCommand({ EmailAddress: record.email, Reason: 'BOUNCE' }));
    expect(await suppressedFor(record.email)).toBe('BOUNCE');
    const resumed = await resumeMail(principalOf(record, true), record);
    expect(resumed).toMatchObject({ mailStop: null, isOperator: true });
    expect((await usersRepository.get(record.userId))?.mailStop).toBeNull();
    expect(await suppressedFor(record.email)).toBeNull();

    // Stopped again but not on SES's list (the simulator's addresses): resuming still clears the stop.
    await usersRepository.stopMail(record.userId, stop);
    expect((await resumeMail(principal, await usersRepository.get(record.userId))).mailStop).toBeNull();

    const mailable = await broker('mailable', { updatedAt: '2020-01-01T00:00:00.000Z' });
    expect(await resumeMail(mailable.principal, mailable.record)).toEqual(toUserDto(mailable.record));
    expect((await usersRepository.get(mailable.record.userId))?.updatedAt).toBe('2020-01-01T00:00:00.000Z');
  });
});
