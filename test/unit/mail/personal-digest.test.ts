import { beforeAll, describe, expect, it } from 'vitest';
import { sampleRequirement } from '../../../lib/local/mail-samples';
import type { MatchSide } from '../../../lambdas/data/matches';
import type { PersonalDigestEntry } from '../../../lambdas/domain/mail/templates/personal-digest';
import type { Digest } from '../../../shared/rules';
import { useMailEnv } from './mail-env';

// The personal digest: what one broker's mail says, section by section, with each
// group's "N more on BISN" link, and how a requirement and a match read in it.

beforeAll(() => useMailEnv());

const template = () => import('../../../lambdas/domain/mail/templates/personal-digest');

const entry = (key: string, title: string): PersonalDigestEntry => ({
  key,
  title,
  url: `http://site.test/consumer/listing/${key}`,
  kind: 'For Lease · Office',
  facts: [`Facts of ${title}`],
  broker: [`Broker of ${title}`],
  thumbnailUrl: null,
});

const side = (fields: Partial<MatchSide> = {}): MatchSide => ({
  ownerId: 'me',
  side: 'requirement',
  requirementId: 'r-1',
  listingId: 'l-1',
  counterpartId: 'them',
  requirementTitle: 'My office search',
  listingTitle: 'Their office tower',
  score: 87,
  reasons: [
    { criterion: 'propertyType', verdict: 'fit', text: 'Office, as asked' },
    { criterion: 'size', verdict: 'partial', text: 'A little small' },
    { criterion: 'budget', verdict: 'miss', text: 'Over budget' },
  ],
  state: 'new',
  matchedAt: '2031-03-03T12:00:00.000Z',
  updatedAt: '2031-03-03T12:00:00.000Z',
  ...fields,
} as MatchSide);

describe('the personal digest mail', () => {
  const digest: Digest<PersonalDigestEntry> = {
    shown: 4,
    groups: [
      { section: 'matches', title: 'New matches', moreUrl: 'http://site.test/consumer/matches', entries: [entry('m1', 'Match one')], more: 0 },
      { section: 'saved-searches', title: 'Downtown office', moreUrl: 'http://site.test/consumer/listings?marketId=downtown', entries: [entry('s1', 'Search hit')], more: 2 },
      { section: 'listings', title: 'Office Listings', moreUrl: 'http://site.test/consumer/listings?propertyTypeId=office', entries: [entry('o1', 'Office one')], more: 0 },
      { section: 'listings', title: 'Retail Listings', moreUrl: 'http://site.test/consumer/listings?propertyTypeId=retail', entries: [entry('r1', 'Retail one')], more: 3 },
    ],
  };

  it('greets the broker, counts every new item, heads each section once and each group but the matches, and links what did not fit', async () => {
    const { personalDigestMail } = await template();
    const mail = await personalDigestMail({ userId: 'u-1', email: 'ana@example.com', firstName: 'Ana' }, digest, new Date('2031-03-04T14:00:00Z'), ['search-1']);
    expect(mail.to).toBe('ana@example.com');
    expect(mail.subject).toBe('Your BISN digest: 9 new · 03/04/2031');
    expect(mail.text).toContain('Hi Ana,');
    expect(mail.text).toContain('9 new items for you on BISN.');
    const headings = [...mail.html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
    expect(headings).toEqual(['New matches', 'Your saved searches', 'New listings in your categories']);
    for (const title of ['Downtown office', 'Office Listings', 'Retail Listings']) expect(mail.text).toContain(title);
    expect(mail.html).not.toMatch(/>New matches<\/p>/);
    expect(mail.html).toContain('href="http://site.test/consumer/listings?marketId=downtown"');
    expect(mail.text).toContain('2 more on BISN');
    expect(mail.text).toContain('3 more on BISN');
    expect(mail.text).not.toContain('0 more on BISN');
    expect(mail.text).toContain('http://site.test/consumer/profile');
    expect(mail.text).toContain('http://site.test/consumer/saved-searches');
    expect(mail.tags).toEqual({ owner: 'u-1', 'search_search-1': 'hit' });
    expect(mail.oneClickUnsubscribeUrl).toContain('digest');
  });

  it('says "One new item" and "Hello," to a broker without a first name', async () => {
    const { personalDigestMail } = await template();
    const one: Digest<PersonalDigestEntry> = { shown: 1, groups: [{ ...digest.groups[2]! }] };
    const mail = await personalDigestMail({ userId: 'u-2', email: 'nameless@example.com', firstName: '' }, one, new Date('2031-03-04T14:00:00Z'), []);
    expect(mail.text).toContain('Hello,');
    expect(mail.text).toContain('One new item for you on BISN.');
    expect(mail.subject).toBe('Your BISN digest: 1 new · 03/04/2031');
    // One shown and more left out is not one item.
    const oneAndMore: Digest<PersonalDigestEntry> = { shown: 1, groups: [{ ...digest.groups[2]!, more: 2 }] };
    expect((await personalDigestMail({ userId: 'u-2', email: 'nameless@example.com', firstName: '' }, oneAndMore, new Date(), [])).text).toContain(
      '3 new items for you on BISN.',
    );
  });
});

describe('entries of the personal digest', () => {
  it('a requirement: its deal and type, size, budget, timing, markets and its broker', async () => {
    const { requirementDigestEntry } = await template();
    expect(requirementDigestEntry(sampleRequirement())).toEqual({
      key: 'R:sample-requirement',
      title: 'Creative office near Midtown for a 40-person design studio',
      url: 'http://site.test/consumer/requirement/sample-requirement',
      kind: 'For Lease · Office',
      facts: ['6,000 - 9,000 sqft', 'Up to $2.75 per sqft / Monthly', 'Timing: Q3 2027', 'Midtown, Downtown'],
      broker: ['Dana Reyes', 'Capitol Commercial Partners'],
      phone: '9165550142',
      thumbnailUrl: null,
    });
    const bare = requirementDigestEntry({ ...sampleRequirement(), timing: '', markets: [], user: null } as never);
    expect(bare.facts).toEqual(['6,000 - 9,000 sqft', 'Up to $2.75 per sqft / Monthly']);
    expect(bare.broker).toEqual([]);
  });

  it('a match: the other broker’s item, which of mine it fits with the score, and each reason with its verdict', async () => {
    const { matchDigestEntry } = await template();
    expect(matchDigestEntry(side())).toEqual({
      key: 'L:l-1',
      title: 'Their office tower',
      url: 'http://site.test/consumer/listing/l-1',
      kind: 'Fits your requirement “My office search” · score 87',
      facts: ['✓ Office, as asked', '~ A little small', '✗ Over budget'],
      broker: [],
      thumbnailUrl: null,
    });
    expect(matchDigestEntry(side({ side: 'listing' }))).toMatchObject({
      key: 'R:r-1',
      title: 'My office search',
      url: 'http://site.test/consumer/requirement/r-1',
      kind: 'Fits your listing “Their office tower” · score 87',
    });
  });
});
