import { createHmac, randomUUID } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { env } from '../../lambdas/core/env';
import { listingsRepository } from '../../lambdas/data/listings';
import { remindersRepository } from '../../lambdas/data/reminders';
import { requirementsRepository } from '../../lambdas/data/requirements';
import { unsubscribeSecret } from '../../lambdas/domain/mail';
import { remindOnce, type DueReminder } from '../../lambdas/domain/reminders';
import { readRenewLink, useRenewLink } from '../../lambdas/domain/renew';
import { checkRenewToken, renewLinkUrl, type RenewTarget } from '../../lambdas/domain/renew-links';
import { DAY_MS, refuseMails, refusal, storedListing, storedRequirement } from './matching-support';
import { broker, mailsTo } from './support';

/**
 * The one-click renewal: the signed link a reminder carries (valid 14 days, single use), the page's
 * read (changes nothing) and its button (renews once), and the reminder itself (sent at most once).
 */

const SECOND = 1000;
const messages = {
  ready: 'Renew it for another period?',
  renewed: 'Renewed. Thank you for keeping BISN current.',
  used: 'This renew link has already been used. Sign in to see the item and renew it from there.',
  expired: 'This renew link has expired (links work for 14 days). Sign in to renew it from the site.',
  invalid: 'This renew link is not valid. Sign in to renew your item from the site.',
  gone: 'This item is no longer on BISN.',
  closed: 'This item is closed and cannot be renewed. Sign in to see it.',
};
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const linkFor = async (target: RenewTarget, now = new Date()) => tokenOf(await renewLinkUrl(target, now));
/** The link key as issued links were signed: links already in mailboxes must keep working after a release. */
const linkKey = async () => createHmac('sha256', await unsubscribeSecret()).update('renew-links').digest();

describe('a renew link', () => {
  it('opens the site’s renew page with a token naming the item, single use, valid for 14 days to the second', async () => {
    const now = new Date('2033-01-10T08:00:00.500Z');
    const id = randomUUID();
    const url = await renewLinkUrl({ kind: 'listing', id }, now);
    expect(url.startsWith(`${env().SITE_URL}/renew?token=`)).toBe(true);
    const token = tokenOf(url);
    const issued = Math.floor(now.getTime() / SECOND);
    const claims = decodeJwt(token);
    expect(claims).toEqual({ kind: 'listing', sub: id, aud: 'bisn-renew', jti: expect.any(String), iat: issued, exp: issued + 14 * 24 * 3600 });
    expect(claims.jti).not.toBe(decodeJwt(await linkFor({ kind: 'listing', id }, now)).jti);

    const check = await checkRenewToken(token, now);
    expect(check).toEqual({ ok: true, target: { kind: 'listing', id }, linkId: claims.jti, expiresAtEpoch: issued + 14 * 24 * 3600 });
    expect((await checkRenewToken(token, new Date((issued + 14 * 24 * 3600) * SECOND - 1))).ok).toBe(true);
    expect(await checkRenewToken(token, new Date((issued + 14 * 24 * 3600) * SECOND))).toEqual({ ok: false, reason: 'expired' });
    expect((await checkRenewToken(await linkFor({ kind: 'requirement', id }, now), now)).ok).toBe(true);
  });

  it('is refused as not valid when forged, altered, for another audience or algorithm, or missing what it names', async () => {
    const now = new Date();
    const key = await linkKey();
    const exp = Math.floor(now.getTime() / SECOND) + 3600;
    const sign = (claims: Record<string, unknown>, build: (jwt: SignJWT) => SignJWT = (jwt) => jwt, alg = 'HS256', signingKey: Uint8Array = key) =>
      build(new SignJWT(claims).setProtectedHeader({ alg })).sign(signingKey);
    const full = (jwt: SignJWT) => jwt.setSubject('item-1').setAudience('bisn-renew').setJti('link-1').setExpirationTime(exp);

    // What a link issued by an earlier release looks like still works.
    expect(await checkRenewToken(await sign({ kind: 'requirement' }, full), now)).toEqual({
      ok: true,
      target: { kind: 'requirement', id: 'item-1' },
      linkId: 'link-1',
      expiresAtEpoch: exp,
    });
    const invalid = { ok: false, reason: 'invalid' };
    const genuine = await linkFor({ kind: 'requirement', id: 'item-1' }, now);
    for (const token of [
      'not-a-token',
      `${genuine.slice(0, -4)}AAAA`,
      await sign({ kind: 'requirement' }, full, 'HS256', new Uint8Array(32)),
      await sign({ kind: 'requirement' }, full, 'HS512'),
      await sign({ kind: 'requirement' }, (jwt) => full(jwt).setAudience('bisn-other')),
      await sign({ kind: 'something' }, full),
      await sign({}, full),
      await sign({ kind: 'listing' }, (jwt) => jwt.setAudience('bisn-renew').setJti('link-1').setExpirationTime(exp)),
      await sign({ kind: 'listing' }, (jwt) => jwt.setSubject('item-1').setAudience('bisn-renew').setExpirationTime(exp)),
      await sign({ kind: 'listing' }, (jwt) => jwt.setSubject('item-1').setAudience('bisn-renew').setJti('link-1')),
      await sign({ kind: 'listing' }, (jwt) => full(jwt).setSubject('')),
      await sign({ kind: 'listing' }, (jwt) => full(jwt).setJti('')),
    ]) {
      expect(await checkRenewToken(token, now)).toEqual(invalid);
    }
  });
});

describe('the renew page', () => {
  it('reads what a link renews and whether it can, changing nothing', async () => {
    const owner = await broker('owner');
    const sentAt = new Date(Date.now() - 80 * DAY_MS).toISOString();
    const renewedAt = new Date(Date.now() - 10 * DAY_MS).toISOString();
    const sent = await storedRequirement(owner.record, { sentAt });
    const renewed = await storedRequirement(owner.record, { sentAt, renewedAt });
    const expired = await storedRequirement(owner.record, { sentAt, status: 'expired' });
    const withdrawn = await storedRequirement(owner.record, { status: 'withdrawn' });
    const pending = await storedRequirement(owner.record, { status: 'pending' });
    const published = await storedListing(owner.record);
    const expiredListing = await storedListing(owner.record, { status: 'expired' });
    const sold = await storedListing(owner.record, { status: 'sold' });
    const read = async (kind: RenewTarget['kind'], id: string) => readRenewLink(await linkFor({ kind, id }));
    const answer = (state: keyof typeof messages, kind: RenewTarget['kind'], id: string, title: string | null, expiresAt: string | null) => ({
      state,
      message: messages[state],
      kind,
      id,
      title,
      expiresAt,
    });

    expect(await read('requirement', sent.requirementId)).toEqual(answer('ready', 'requirement', sent.requirementId, sent.title, new Date(Date.parse(sentAt) + 90 * DAY_MS).toISOString()));
    expect(await read('requirement', renewed.requirementId)).toEqual(
      answer('ready', 'requirement', renewed.requirementId, renewed.title, new Date(Date.parse(renewedAt) + 90 * DAY_MS).toISOString()),
    );
    expect(await read('requirement', expired.requirementId)).toEqual(answer('ready', 'requirement', expired.requirementId, expired.title, null));
    expect(await read('requirement', withdrawn.requirementId)).toEqual(answer('closed', 'requirement', withdrawn.requirementId, withdrawn.title, null));
    expect(await read('requirement', pending.requirementId)).toEqual(answer('closed', 'requirement', pending.requirementId, pending.title, null));
    expect(await read('listing', published.listingId)).toEqual(answer('ready', 'listing', published.listingId, published.title, published.expiresAt));
    expect(await read('listing', expiredListing.listingId)).toEqual(answer('ready', 'listing', expiredListing.listingId, expiredListing.title, expiredListing.expiresAt));
    expect(await read('listing', sold.listingId)).toEqual(answer('closed', 'listing', sold.listingId, sold.title, sold.expiresAt));
    const missing = randomUUID();
    expect(await read('listing', missing)).toEqual(answer('gone', 'listing', missing, null, null));
    expect(await read('requirement', missing)).toEqual(answer('gone', 'requirement', missing, null, null));
    const nothing = { kind: null, id: null, title: null, expiresAt: null };
    expect(await readRenewLink('not-a-token')).toEqual({ state: 'invalid', message: messages.invalid, ...nothing });
    const old = await linkFor({ kind: 'requirement', id: sent.requirementId }, new Date(Date.now() - 14 * DAY_MS));
    expect(await readRenewLink(old)).toEqual({ state: 'expired', message: messages.expired, ...nothing });

    // Read twice, the link still renews: reading changed nothing.
    const token = await linkFor({ kind: 'requirement', id: sent.requirementId });
    await readRenewLink(token);
    expect((await readRenewLink(token)).state).toBe('ready');
    expect((await requirementsRepository.get(sent.requirementId))?.renewedAt).toBeUndefined();
    expect((await useRenewLink(token)).state).toBe('renewed');
  });

  it('renews a requirement once: 90 days from now, then says the link was used', async () => {
    const owner = await broker('owner');
    const requirement = await storedRequirement(owner.record, { sentAt: new Date(Date.now() - 85 * DAY_MS).toISOString() });
    const token = await linkFor({ kind: 'requirement', id: requirement.requirementId });
    const now = new Date();
    const renewed = await useRenewLink(token, now);
    const stored = await requirementsRepository.get(requirement.requirementId);
    expect(renewed).toEqual({
      state: 'renewed',
      message: messages.renewed,
      kind: 'requirement',
      id: requirement.requirementId,
      title: requirement.title,
      expiresAt: new Date(Date.parse(stored!.renewedAt!) + 90 * DAY_MS).toISOString(),
    });
    expect(stored?.status).toBe('sent');
    expect(await refusal(useRenewLink(token, now))).toEqual({ status: 409, message: messages.used });
    expect(await readRenewLink(token, now)).toMatchObject({ state: 'used', message: messages.used, id: requirement.requirementId, title: requirement.title, expiresAt: renewed.expiresAt });
    expect((await requirementsRepository.get(requirement.requirementId))?.renewedAt).toBe(stored!.renewedAt);
  });

  it('renews an expired listing once: back in the browser for 120 days from now', async () => {
    const owner = await broker('owner');
    const listing = await storedListing(owner.record, { status: 'expired', publishedOn: new Date(Date.now() - 130 * DAY_MS).toISOString() });
    const token = await linkFor({ kind: 'listing', id: listing.listingId });
    const renewed = await useRenewLink(token);
    const stored = await listingsRepository.get(listing.listingId);
    expect(stored).toMatchObject({ status: 'published', expiresAt: new Date(Date.parse(stored!.renewedAt!) + 120 * DAY_MS).toISOString() });
    expect(renewed).toEqual({ state: 'renewed', message: messages.renewed, kind: 'listing', id: listing.listingId, title: listing.title, expiresAt: stored!.expiresAt });
    expect(await refusal(useRenewLink(token))).toEqual({ status: 409, message: messages.used });
  });

  it('refuses a forged or expired link (400), and a gone or closed item (409), renewing nothing', async () => {
    const owner = await broker('owner');
    const withdrawn = await storedRequirement(owner.record, { status: 'withdrawn' });
    const sold = await storedListing(owner.record, { status: 'sold' });
    expect(await refusal(useRenewLink('not-a-token'))).toEqual({ status: 400, message: messages.invalid });
    const old = await linkFor({ kind: 'listing', id: sold.listingId }, new Date(Date.now() - 15 * DAY_MS));
    expect(await refusal(useRenewLink(old))).toEqual({ status: 400, message: messages.expired });
    expect(await refusal(useRenewLink(await linkFor({ kind: 'requirement', id: randomUUID() })))).toEqual({ status: 409, message: messages.gone });
    for (const target of [{ kind: 'requirement', id: withdrawn.requirementId }, { kind: 'listing', id: sold.listingId }] as const) {
      const token = await linkFor(target);
      expect(await refusal(useRenewLink(token))).toEqual({ status: 409, message: messages.closed });
      // Not used up by the refusal.
      expect((await readRenewLink(token)).state).toBe('closed');
    }
    expect((await requirementsRepository.get(withdrawn.requirementId))?.status).toBe('withdrawn');
    expect((await listingsRepository.get(sold.listingId))?.status).toBe('sold');

    // An item that looks renewable but cannot be (never stamped by its broadcast or blast): closed.
    const unstamped = { ...(await storedRequirement(owner.record)), requirementId: randomUUID(), sentAt: null };
    await requirementsRepository.create(unstamped);
    expect(await refusal(useRenewLink(await linkFor({ kind: 'requirement', id: unstamped.requirementId })))).toEqual({ status: 409, message: messages.closed });
    const unpublished = await storedListing(owner.record, { publishedOn: null });
    expect(await refusal(useRenewLink(await linkFor({ kind: 'listing', id: unpublished.listingId })))).toEqual({ status: 409, message: messages.closed });
  });
});

describe('an expiry reminder', () => {
  const reminder = (ownerId: string, overrides: Partial<DueReminder> = {}): DueReminder => ({
    target: { kind: 'requirement', id: randomUUID() },
    ownerId,
    title: `Reminded ${randomUUID().slice(0, 6)}`,
    expiresAt: '2033-03-08T06:00:00.000Z',
    activity: '2032-12-08T06:00:00.000Z',
    days: 7,
    itemUrl: 'https://bisn.example/consumer/requirement/x',
    ...overrides,
  });
  const now = new Date('2033-03-01T10:00:00.000Z');

  it('is mailed to the owner once per item, activity and threshold, with the days left and a renew link that works', async () => {
    const owner = await broker('owner');
    const due = reminder(owner.record.userId);
    expect(await remindOnce(due, now)).toBe('sent');
    expect(await remindOnce(due, now)).toBe('skipped');
    const [mail, ...more] = await mailsTo(owner.record.email);
    expect(more).toEqual([]);
    // 6 days and 20 hours left read as 7 days.
    expect(mail!.subject).toBe(`Your requirement “${due.title}” expires in 7 days`);
    expect(mail!.html).toContain(due.itemUrl);
    const href = /href="([^"]*\/renew\?token=[^"]*)"/.exec(mail!.html)![1]!.replaceAll('&amp;', '&');
    expect(await checkRenewToken(tokenOf(href), now)).toMatchObject({ ok: true, target: due.target });

    // The next threshold, a renewal's new activity, and a listing of the same id are reminders of their own.
    expect(await remindOnce({ ...due, days: 1, expiresAt: '2033-03-02T06:00:00.000Z' }, now)).toBe('sent');
    expect(await remindOnce({ ...due, activity: '2033-01-01T00:00:00.000Z' }, now)).toBe('sent');
    expect(await remindOnce({ ...due, target: { kind: 'listing', id: due.target.id }, expiresAt: '2033-03-14T12:00:00.000Z' }, now)).toBe('sent');
    expect((await mailsTo(owner.record.email)).map((sent) => sent.subject).slice(1)).toEqual([
      `Your requirement “${due.title}” expires in 1 day`,
      `Your requirement “${due.title}” expires in 7 days`,
      `Your listing “${due.title}” expires in 14 days`,
    ]);
  });

  it('claimed by a run that crashed before SES answered is not sent again (at most once)', async () => {
    const owner = await broker('owner');
    const requirement = reminder(owner.record.userId);
    const listing = reminder(owner.record.userId, { target: { kind: 'listing', id: randomUUID() } });
    // The ledger entries such a run leaves: `REQ#<id>` / `LST#<id>`, by activity and threshold.
    expect(await remindersRepository.claim(`REQ#${requirement.target.id}`, requirement.activity, 7)).toBe(true);
    expect(await remindersRepository.claim(`LST#${listing.target.id}`, listing.activity, 7)).toBe(true);
    expect(await remindOnce(requirement, now)).toBe('skipped');
    expect(await remindOnce(listing, now)).toBe('skipped');
    expect(await mailsTo(owner.record.email)).toEqual([]);
  });

  it('skips an owner who is not active, whose mail stopped, or who is gone, keeping the reminder for later', async () => {
    const disabled = await broker('disabled', { status: 'disabled' });
    const stopped = await broker('stopped', { mailStop: { reason: 'complaint', at: now.toISOString(), detail: 'abuse' } });
    for (const owner of [disabled, stopped]) {
      expect(await remindOnce(reminder(owner.record.userId), now)).toBe('skipped');
      expect(await mailsTo(owner.record.email)).toEqual([]);
    }
    expect(await remindOnce(reminder(randomUUID()), now)).toBe('skipped');
    // Skipping took no claim: once active, the same reminder goes out.
    const later = await broker('later', { status: 'awaiting approval' });
    const due = reminder(later.record.userId);
    expect(await remindOnce(due, now)).toBe('skipped');
    const { usersRepository } = await import('../../lambdas/data/users');
    await usersRepository.update(later.record.userId, { status: 'active' });
    expect(await remindOnce(due, now)).toBe('sent');
  });

  it('refused by SES is given back: the next run sends it, once', async () => {
    const owner = await broker('owner');
    const due = reminder(owner.record.userId);
    const restore = refuseMails();
    let result;
    try {
      result = await remindOnce(due, now);
    } finally {
      restore();
    }
    expect(result).toBe('failed');
    expect(await mailsTo(owner.record.email)).toEqual([]);
    expect(await remindOnce(due, now)).toBe('sent');
    expect(await remindOnce(due, now)).toBe('skipped');
    expect(await mailsTo(owner.record.email)).toHaveLength(1);
  });
});
