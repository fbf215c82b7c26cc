import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actAsBroker, brokerSuspendedMessage, notDelegableMessage, notYetApprovedMessage, revokedMessage } from '../../lambdas/core/acting';
import { delegationsRepository } from '../../lambdas/data/delegations';
import { usersRepository, userVersionOf } from '../../lambdas/data/users';
import { markAccountDeleted } from '../../lambdas/domain/account-removal';
import { adminCliActor } from '../../lambdas/domain/audit';
import { updatePersonalInfo } from '../../lambdas/domain/users';
import { approveUser, disableUser, enableUser } from '../../lambdas/domain/admin';
import { changeBy, withChange, CHANGES_KEPT } from '../../lambdas/domain/authorship';
import {
  approveDelegationsOf,
  listDelegations,
  listDelegationsAwaitingOperator,
  REQUEST_MAIL_EVERY_MS,
  REQUEST_MAILS_PER_BROKER_DAY,
  requestDelegation,
  updateDelegation,
} from '../../lambdas/domain/delegations';
import { listedBroker, refreshDirectory } from '../../lambdas/domain/directory';
import { routeById } from '../../shared/api/routes';
import { logsDuring, sesRefusing } from './blast-support';
import { cognitoUser } from './accounts-support';
import { broker, mailsTo, principalOf, refusal } from './support';

/** The delegation's states, who may move them, and what acting for a broker checks. */
/** A delegate who chose, in Privacy, to be in the directory. */
const listedByChoice = { listed: true, showPhone: true, showEmail: true };

describe('delegations (domain)', () => {
  it('goes requested → confirmed → approved, and only the broker confirms', async () => {
    const [owner, assistant] = await Promise.all([broker('owner'), broker('assistant')]);
    const asked = await requestDelegation(assistant.record, owner.record.email);
    expect(asked).toMatchObject({ state: 'requested', canExport: false, broker: { userId: owner.record.userId }, delegate: { userId: assistant.record.userId } });
    // The same request again answers the open one; nobody else sees it.
    expect((await requestDelegation(assistant.record, owner.record.email)).requestedAt).toBe(asked.requestedAt);
    const stranger = await broker('stranger');
    await expect(updateDelegation(stranger.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(updateDelegation(assistant.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' })).rejects.toMatchObject({ statusCode: 403 });

    // Approving before the broker confirmed approves nothing.
    expect(await approveDelegationsOf(assistant.record, adminCliActor)).toBe(0);
    expect((await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' })).state).toBe('confirmed');
    // A second confirm is refused: the move happened once.
    await expect(updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' })).rejects.toMatchObject({ statusCode: 409 });
    const queue = await listDelegationsAwaitingOperator(25);
    expect(queue.items.map((d) => d.delegateId)).toContain(assistant.record.userId);

    await approveUser(assistant.record.userId, adminCliActor);
    const mine = await listDelegations(assistant.record.userId);
    expect(mine.asDelegate.map((d) => [d.brokerId, d.state, d.brokerActive])).toEqual([[owner.record.userId, 'approved', true]]);
    expect((await listDelegations(owner.record.userId)).asBroker.map((d) => d.delegateId)).toEqual([assistant.record.userId]);
    expect((await listDelegationsAwaitingOperator(25)).items.map((d) => d.delegateId)).not.toContain(assistant.record.userId);
  });

  it('refuses a request to oneself, to an unknown, deleted or inactive broker, each with its message', async () => {
    const [assistant, pending, gone] = await Promise.all([broker('asker'), broker('pending', { status: 'awaiting approval' }), broker('gone', { status: 'deleted' })]);
    expect(await refusal(requestDelegation(assistant.record, assistant.record.email))).toEqual({ status: 400, message: 'You cannot be your own delegate.', fieldErrors: { brokerEmail: ['Name another broker.'] } });
    for (const email of ['nobody@example.com', gone.record.email]) {
      expect(await refusal(requestDelegation(assistant.record, email))).toEqual({ status: 404, message: 'No BISN broker has this e-mail address. Check it with the broker.' });
    }
    expect(await refusal(requestDelegation(assistant.record, pending.record.email))).toEqual({
      status: 409,
      message: 'This broker cannot take delegates: their account is not active.',
    });
    expect((await listDelegations(assistant.record.userId)).asDelegate).toEqual([]);
  });

  it('only the broker sets the export right or confirms; a move from the wrong state says the state', async () => {
    const [owner, assistant] = await Promise.all([broker('exportowner'), broker('exportassistant')]);
    const asked = await requestDelegation(assistant.record, owner.record.email);
    expect(asked.confirmedAt).toBeNull();
    expect(await refusal(updateDelegation(assistant.principal, owner.record.userId, assistant.record.userId, { action: 'setExport', canExport: true }))).toEqual({
      status: 403,
      message: 'Only the broker decides whether their delegate may export contact lists.',
    });
    expect(await refusal(updateDelegation(assistant.principal, owner.record.userId, assistant.record.userId, { action: 'decline' }))).toEqual({
      status: 403,
      message: 'Only the broker can confirm or decline a request to be their delegate.',
    });
    expect((await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'setExport', canExport: true })).canExport).toBe(true);
    const confirmed = await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' });
    expect(confirmed).toMatchObject({ state: 'confirmed', endedAt: null });
    expect(confirmed.confirmedAt).toEqual(expect.any(String));
    expect(await refusal(updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'decline' }))).toEqual({
      status: 409,
      message: 'This delegation is confirmed: it cannot be changed that way.',
    });
    const revoked = await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'revoke' });
    expect(revoked).toMatchObject({ state: 'revoked', endedAt: expect.any(String) });
  });

  it('acting checks the route, the delegation and the broker on every call', async () => {
    const [owner, assistant] = await Promise.all([broker('acted'), broker('actor')]);
    await requestDelegation(assistant.record, owner.record.email);
    await expect(actAsBroker(routeById.createListing, assistant.principal, owner.record.userId)).rejects.toMatchObject({
      message: notYetApprovedMessage(`${owner.record.firstName} ${owner.record.lastName}`),
    });
    await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' });
    await approveDelegationsOf(assistant.record, adminCliActor);

    const acting = await actAsBroker(routeById.createListing, assistant.principal, owner.record.userId);
    expect(acting.principal).toMatchObject({ sub: owner.record.userId, isOperator: false, delegate: { userId: assistant.record.userId } });
    await expect(actAsBroker(routeById.updateBrokerInfo, assistant.principal, owner.record.userId)).rejects.toMatchObject({ message: notDelegableMessage });

    const name = `${owner.record.firstName} ${owner.record.lastName}`;
    await usersRepository.update(owner.record.userId, { status: 'disabled' });
    await expect(actAsBroker(routeById.getListing, assistant.principal, owner.record.userId)).rejects.toMatchObject({ message: brokerSuspendedMessage(name) });
    await usersRepository.update(owner.record.userId, { status: 'active' });
    await actAsBroker(routeById.getListing, assistant.principal, owner.record.userId);

    // The delegate steps down: refused at once.
    await updateDelegation(assistant.principal, owner.record.userId, assistant.record.userId, { action: 'revoke' });
    await expect(actAsBroker(routeById.getListing, assistant.principal, owner.record.userId)).rejects.toMatchObject({ message: revokedMessage(name) });
    expect((await delegationsRepository.get(owner.record.userId, assistant.record.userId))?.state).toBe('revoked');
    // Asked again after a revocation: a fresh request.
    expect((await requestDelegation(assistant.record, owner.record.email)).state).toBe('requested');
    await expect(actAsBroker(routeById.getListing, assistant.principal, owner.record.userId)).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe('who changed an item (domain)', () => {
  const owner = principalOf({ userId: 'owner', email: 'owner@example.com' });
  const delegate = { ...owner, delegate: { userId: 'helper', name: 'Helper Person' } };

  it('replaces a repeat of the last author and action (autosaves) and keeps the last changes', () => {
    let history = withChange({}, changeBy(owner, 'created', '2026-01-01T00:00:00.000Z'));
    history = withChange(history, changeBy(delegate, 'edited', '2026-01-02T00:00:00.000Z'));
    history = withChange(history, changeBy(delegate, 'edited', '2026-01-03T00:00:00.000Z'));
    history = withChange(history, changeBy(owner, 'edited', '2026-01-04T00:00:00.000Z'));
    expect(history.changes.map((c) => [c.at.slice(0, 10), c.delegate?.userId ?? null, c.action])).toEqual([
      ['2026-01-01', null, 'created'],
      ['2026-01-03', 'helper', 'edited'],
      ['2026-01-04', null, 'edited'],
    ]);
    expect(history.lastChangedBy).toEqual(history.changes.at(-1));
    for (let i = 0; i < CHANGES_KEPT * 2; i++) history = withChange(history, changeBy(i % 2 ? owner : delegate, 'edited', `2026-02-${String(i + 1).padStart(2, '0')}`));
    expect(history.changes).toHaveLength(CHANGES_KEPT);
  });
});

describe('delegations as shown, and the directory (domain)', () => {
  it('shows both sides by name, e-mail and firm, and whether the broker is active, or blanks for an account that is gone', async () => {
    const [owner, assistant] = await Promise.all([
      broker('shownowner', { firstName: 'Dana', lastName: 'Shown', brokerInfo: { name: 'Shown Realty', address1: '', address2: '' } }),
      broker('shownassistant', { firstName: 'Ari', lastName: 'Helper' }),
    ]);
    const asked = await requestDelegation(assistant.record, owner.record.email);
    expect([asked.broker, asked.delegate, asked.brokerActive]).toEqual([
      { userId: owner.record.userId, name: 'Dana Shown', email: owner.record.email, firm: 'Shown Realty' },
      { userId: assistant.record.userId, name: 'Ari Helper', email: assistant.record.email, firm: '' },
      true,
    ]);
    await usersRepository.update(owner.record.userId, { status: 'disabled' });
    expect((await listDelegations(assistant.record.userId)).asDelegate.map((d) => [d.broker.name, d.brokerActive])).toEqual([['Dana Shown', false]]);

    // A delegation whose broker has no account record left shows the ids alone.
    const vanished = { ...(await delegationsRepository.get(owner.record.userId, assistant.record.userId))!, brokerId: randomUUID() };
    await delegationsRepository.request(vanished);
    const shown = (await listDelegations(assistant.record.userId)).asDelegate.find((d) => d.brokerId === vanished.brokerId);
    expect(shown && [shown.broker, shown.brokerActive]).toEqual([{ userId: vanished.brokerId, name: '', email: '', firm: '' }, false]);
  });

  it('e-mails the broker once about a new request, not about the same request again, and never to a stopped address', async () => {
    const [owner, assistant, stopped] = await Promise.all([
      broker('mailedowner', { firstName: 'Mona' }),
      broker('mailedassistant', { firstName: 'Ari', lastName: 'Helper' }),
      broker('stoppedowner', { mailStop: { reason: 'bounce', at: '2026-01-01T00:00:00.000Z', detail: 'smtp; 550' } }),
    ]);
    await requestDelegation(assistant.record, owner.record.email);
    await requestDelegation(assistant.record, owner.record.email);
    const mails = await mailsTo(owner.record.email);
    expect(mails.map((m) => m.subject)).toEqual(['Ari Helper asked to be your delegate on BISN']);
    expect(mails[0]?.text).toContain(`Hi Mona,`);
    expect(mails[0]?.text).toContain(`Ari Helper (${assistant.record.email}) asked to be your delegate on BISN.`);
    expect(mails[0]?.html).toContain('/consumer/profile"');

    // Revoked, then asked again a week later: a new request, a new mail.
    await updateDelegation(assistant.principal, owner.record.userId, assistant.record.userId, { action: 'revoke' });
    await requestDelegation(assistant.record, owner.record.email, new Date(Date.now() + REQUEST_MAIL_EVERY_MS + 1000));
    expect(await mailsTo(owner.record.email)).toHaveLength(2);

    expect((await requestDelegation(assistant.record, stopped.record.email)).state).toBe('requested');
    expect(await mailsTo(stopped.record.email)).toEqual([]);
  });

  it('asked and withdrawn six times, mails the broker once in 7 days; a broker gets at most the daily cap from all requesters; every request stands', async () => {
    const owner = await broker('bombedowner');
    const bomber = await broker('bomber');
    for (let i = 0; i < 6; i++) {
      expect((await requestDelegation(bomber.record, owner.record.email)).state).toBe('requested');
      await updateDelegation(bomber.principal, owner.record.userId, bomber.record.userId, { action: 'revoke' });
    }
    expect(await mailsTo(owner.record.email)).toHaveLength(1);

    const crowd = await Promise.all(Array.from({ length: REQUEST_MAILS_PER_BROKER_DAY + 2 }, (_, i) => broker(`crowd${i}`)));
    for (const requester of crowd) expect((await requestDelegation(requester.record, owner.record.email)).state).toBe('requested');
    expect(await mailsTo(owner.record.email)).toHaveLength(REQUEST_MAILS_PER_BROKER_DAY);
    expect((await listDelegations(owner.record.userId)).asBroker.filter((d) => d.state === 'requested')).toHaveLength(crowd.length);
  });

  it('keeps the request when its mail fails, and logs the failure', async () => {
    const [owner, assistant] = await Promise.all([broker('refusedowner'), broker('refusedassistant')]);
    const { result, refused } = await sesRefusing([owner.record.email], () => logsDuring(() => requestDelegation(assistant.record, owner.record.email)));
    expect(refused).toEqual([owner.record.email]);
    expect(result.result.state).toBe('requested');
    expect(result.logs.map((line) => [line.level, line.message])).toContainEqual(['WARN', 'delegation request mail not sent']);
    expect((await delegationsRepository.get(owner.record.userId, assistant.record.userId))?.state).toBe('requested');
  });

  it('answers 404 for a delegation that does not exist, to either side', async () => {
    const [owner, assistant] = await Promise.all([broker('noneowner'), broker('noneassistant')]);
    for (const who of [owner, assistant]) {
      expect(await refusal(updateDelegation(who.principal, owner.record.userId, assistant.record.userId, { action: 'revoke' }))).toEqual({ status: 404, message: 'Delegation not found' });
    }
  });

  it("puts the broker on an approved delegate's directory card when approved, stamps when, and takes them off when revoked", async () => {
    const [owner, assistant] = await Promise.all([broker('cardowner', { firstName: 'Cara', lastName: 'Owner' }), broker('cardassistant', { directory: listedByChoice })]);
    await requestDelegation(assistant.record, owner.record.email);
    await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' });
    await refreshDirectory(assistant.record.userId);
    expect(await listedBroker(assistant.record.userId)).not.toHaveProperty('assistantTo');

    expect(await approveDelegationsOf(assistant.record, adminCliActor)).toBe(1);
    expect((await listedBroker(assistant.record.userId)).assistantTo).toEqual(['Cara Owner']);
    expect((await listDelegations(owner.record.userId)).asBroker[0]?.approvedAt).toEqual(expect.any(String));

    await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'revoke' });
    expect(await listedBroker(assistant.record.userId)).not.toHaveProperty('assistantTo');
  });

  it("a broker's disable, enable, rename and delete refresh their delegates' Assistant to cards at once", async () => {
    const { sub, email } = await cognitoUser('assistedowner');
    const owner = await broker('assistedowner', { userId: sub, email, firstName: 'Dora', lastName: 'Owner' });
    const assistant = await broker('listedassistant', { directory: listedByChoice });
    await requestDelegation(assistant.record, owner.record.email);
    await updateDelegation(owner.principal, owner.record.userId, assistant.record.userId, { action: 'confirm' });
    await approveDelegationsOf(assistant.record, adminCliActor);
    const card = () => listedBroker(assistant.record.userId);
    expect((await card()).assistantTo).toEqual(['Dora Owner']);

    await disableUser(owner.record.userId, adminCliActor);
    expect(await card()).not.toHaveProperty('assistantTo');
    await enableUser(owner.record.userId, adminCliActor);
    expect((await card()).assistantTo).toEqual(['Dora Owner']);
    const current = (await usersRepository.get(owner.record.userId))!;
    await updatePersonalInfo(owner.principal, current, { firstName: 'Dorothy', lastName: 'Owner', title: current.title, license: current.license, phone: current.phone, version: userVersionOf(current) });
    expect((await card()).assistantTo).toEqual(['Dorothy Owner']);
    await markAccountDeleted((await usersRepository.get(owner.record.userId))!, adminCliActor);
    expect(await card()).not.toHaveProperty('assistantTo');
  });

  it('a delegate who asks from Profile is listed in the directory only if they chose to be', async () => {
    const owner = await broker('privacyowner');
    const [unchosen, chosen] = await Promise.all([broker('unchosenassistant'), broker('chosenassistant', { directory: listedByChoice })]);
    await refreshDirectory(unchosen.record.userId);
    expect((await listedBroker(unchosen.record.userId)).userId).toBe(unchosen.record.userId);
    for (const assistant of [unchosen, chosen]) await requestDelegation(assistant.record, owner.record.email);
    expect(await refusal(listedBroker(unchosen.record.userId))).toEqual({ status: 404, message: 'Broker not found' });
    expect((await usersRepository.get(unchosen.record.userId))?.directory).toEqual({ listed: false, showPhone: true, showEmail: true });
    await refreshDirectory(chosen.record.userId);
    expect((await listedBroker(chosen.record.userId)).userId).toBe(chosen.record.userId);
  });
});
