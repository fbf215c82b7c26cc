import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedSearchRecord } from '../../../lambdas/data/saved-searches';
import { savedSearchStream } from '../../../shared/catalog';
import { useMailEnv } from './mail-env';

// The saved searches' mails: the personal digest, a saved search's instant alert and its pause mail. What each
// says, the stream of its one-click link, the SES tags that bring opens and clicks back, and that what a
// broker typed (a search's name, a title) is escaped.

beforeAll(() => useMailEnv());

const links = async (email: string, stream: Parameters<typeof import('../../../lambdas/domain/mail').unsubscribeLinks>[1]) =>
  (await import('../../../lambdas/domain/mail')).unsubscribeLinks(email, stream);

const typed = 'Offices <b>& "more"</b>';
const search = {
  savedSearchId: '0f0e5b1c-1111-4222-8333-444455556666',
  ownerId: 'owner-1',
  name: typed,
  kind: 'listings',
  filters: { propertyTypeId: 'office' },
  frequency: 'instant',
  status: 'paused',
  pausedReason: 'no-engagement-30-days',
} as SavedSearchRecord;
const entry = (key: string, title: string) => ({ key, title, url: `http://site.test/consumer/listing/${key}`, kind: 'For Lease · Office', facts: ['1,000 sqft'], broker: ['Ana Broker'], thumbnailUrl: null });

describe('the personal digest mail', () => {
  it('shows each section’s groups with their "N more" links, the digest’s one-click stream and the searches’ tags', async () => {
    const { personalDigestMail } = await import('../../../lambdas/domain/mail/templates/personal-digest');
    const digest = {
      shown: 2,
      groups: [
        { section: 'saved-searches' as const, title: typed, moreUrl: 'http://site.test/consumer/listings?propertyTypeId=office', entries: [entry('L:1', 'Corner <suite>')], more: 3 },
        { section: 'listings' as const, title: 'Office Listings', moreUrl: 'http://site.test/consumer/listings?propertyTypeId=office', entries: [entry('L:2', 'Second')], more: 0 },
      ],
    };
    const mail = await personalDigestMail({ userId: 'owner-1', email: 'ana@example.com', firstName: 'Ana' }, digest, new Date('2032-03-02T14:00:00Z'), [search.savedSearchId]);
    const { pageUrl, oneClickUrl } = await links('ana@example.com', 'digest');
    expect(mail).toMatchObject({ to: 'ana@example.com', subject: 'Your BISN digest: 5 new · 03/02/2032', oneClickUnsubscribeUrl: oneClickUrl });
    expect(mail.tags).toEqual({ owner: 'owner-1', [`search_${search.savedSearchId}`]: 'hit' });
    expect(mail.html).toContain('Offices &lt;b&gt;&amp; &quot;more&quot;&lt;/b&gt;');
    expect(mail.html).toContain('Corner &lt;suite&gt;');
    expect(mail.html).not.toContain('<suite>');
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Your saved searches');
      expect(part).toContain('New listings in your categories');
      expect(part).toContain('3 more on BISN');
      expect(part).toContain('BISN, 1 Test Street, Sacramento, CA 95814');
    }
    expect(mail.html).toContain(`href="${pageUrl}"`);
    expect(mail.text.indexOf('Corner <suite>')).toBeLessThan(mail.text.indexOf('Second'));
  });
});

describe('a saved search’s instant alert', () => {
  it('names the search, lists its hits, links its browser; one click turns that search off', async () => {
    const { searchAlertMail } = await import('../../../lambdas/domain/mail/templates/search-alert');
    const mail = await searchAlertMail({ email: 'ana@example.com', firstName: 'Ana' }, search, [entry('L:1', 'One'), entry('L:2', 'Two')], 'http://site.test/consumer/listings?propertyTypeId=office');
    const { oneClickUrl } = await links('ana@example.com', savedSearchStream(search.savedSearchId));
    expect(mail).toMatchObject({ subject: `2 new listings for “${typed}” on BISN`, oneClickUnsubscribeUrl: oneClickUrl });
    expect(mail.tags).toEqual({ owner: 'owner-1', [`search_${search.savedSearchId}`]: 'hit' });
    expect(mail.html).toContain('href="http://site.test/consumer/listings?propertyTypeId=office"');
    expect(mail.html).toContain('Offices &lt;b&gt;');
    expect(mail.text).toContain('2 new listings fit your saved search');
    expect(mail.text).toContain('BISN, 1 Test Street, Sacramento, CA 95814');
  });
});

describe('the pause mail', () => {
  it('says why the search is paused and links "Keep it"; one click turns that search off', async () => {
    const { searchPausedMail } = await import('../../../lambdas/domain/mail/templates/search-paused');
    const { keepSearchUrl } = await import('../../../lambdas/domain/saved-search-pausing');
    const mail = await searchPausedMail({ email: 'ana@example.com', firstName: '' }, search, keepSearchUrl(search.savedSearchId));
    const { oneClickUrl } = await links('ana@example.com', savedSearchStream(search.savedSearchId));
    expect(mail).toMatchObject({ subject: `Your saved search “${typed}” is paused`, oneClickUnsubscribeUrl: oneClickUrl });
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('its e-mails have not been opened for 30 days');
    expect(mail.html).toContain(`href="http://site.test/consumer/saved-searches?keep=${search.savedSearchId}"`);
  });
});
